import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type SamlIdentityProvider, samlMetadataPath, samlTestStartPath } from '@skyvault/contract';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { CopyField } from './CopyField';

/**
 * A SAML provider's page: what its metadata said and how assertions are read, then our side to give
 * the identity provider's administrator (entity id, ACS URL, our metadata), and the Test sign-in.
 */
export function SamlDetails({ provider }: { provider: SamlIdentityProvider | undefined }) {
  return (
    <>
      <DetailsCard title="SAML 2.0" item={provider} fields={SAML_FIELDS} />
      {provider && <ServiceProviderCard provider={provider} />}
    </>
  );
}

function ServiceProviderCard({ provider }: { provider: SamlIdentityProvider }) {
  const { sp } = provider.providerData;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        Service provider (for your identity provider)
      </Typography>
      <Stack sx={{ gap: 2 }}>
        <CopyField
          label="Entity ID"
          value={sp.entityId}
          helperText="The identifier (audience) of this console at your identity provider"
        />
        <CopyField
          label="ACS URL"
          value={sp.acsUrl}
          helperText="The reply (Assertion Consumer Service) URL, HTTP-POST binding"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          <Button variant="outlined" href={samlMetadataPath(provider.id)} download>
            Download SP metadata
          </Button>
          <Button variant="contained" href={samlTestStartPath(provider.id)}>
            Test sign-in
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Test sign-in goes to the identity provider and shows what it sends back, without signing anyone in.
        </Typography>
      </Stack>
    </Paper>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const SAML_FIELDS: DetailsField<SamlIdentityProvider>[] = [
  { label: 'IdP entity ID', value: (p) => p.providerData.idpEntityId },
  {
    label: 'Single sign-on URL',
    value: (p) =>
      `${p.providerData.ssoUrl} (HTTP-${p.providerData.ssoBinding === 'Post' ? 'POST' : 'Redirect'})`,
  },
  { label: 'Metadata URL', value: (p) => p.providerData.metadataUrl || 'Pasted or uploaded' },
  {
    label: 'Signing certificate expires',
    value: (p) =>
      p.providerData.certificateNotAfter ? formatDate(p.providerData.certificateNotAfter) : 'Unknown',
  },
  {
    label: 'E-mail from',
    value: (p) => (p.providerData.emailAttribute ? `Attribute ${p.providerData.emailAttribute}` : 'NameID'),
  },
  { label: 'First name attribute', value: (p) => p.providerData.firstNameAttribute || 'None' },
  { label: 'Last name attribute', value: (p) => p.providerData.lastNameAttribute || 'None' },
  { label: 'Allowed clock skew', value: (p) => `${p.providerData.clockSkewSeconds} seconds` },
  { label: 'Assertions must be signed', value: (p) => yesNo(p.providerData.wantAssertionsSigned) },
  { label: 'IdP-initiated sign-in', value: (p) => (p.providerData.allowIdpInitiated ? 'Allowed' : 'Off') },
];
