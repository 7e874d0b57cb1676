import Stack from '@mui/material/Stack';
import {
  defaultButtonText,
  expiryDateOf,
  expiryWords,
  IDENTITY_PROVIDER_TYPE_LABELS,
  type IdentityProvider,
  identityProviderEndpoints,
  type OpenIdIdentityProvider,
} from '@skyvault/contract';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { SsoButton } from '../../components/SsoButton';
import { DetailsScreen } from '../../components/screens/DetailsScreen';
import { ItemPage } from '../../components/screens/missingItem';
import { toGroup, toIdentityProviderEdit, toIdentityProviders } from '../../core/paths/links';
import { ssoCallbackUrl } from './CallbackUrlField';
import { GroupMappingCard } from './GroupMappingCard';
import { IdentityProviderActions } from './IdentityProviderActions';
import { IdentityProviderStatusChip } from './IdentityProviderStatusChip';
import { useDefaultGroup, useIdentityProvider } from './identity-providers.queries';
import { SamlDetails } from './SamlDetails';

/** Details of one identity provider (SPEC.md §2): a missing id goes to the list. */
export function IdentityProviderPage() {
  return (
    <ItemPage param="identityProviderId" list={toIdentityProviders()}>
      {(id) => <IdentityProviderDetails id={id} />}
    </ItemPage>
  );
}

/** The text the login page shows: the provider's own, or 'Connect {name}' (SPEC.md §5). */
export const buttonTextOf = (provider: IdentityProvider) =>
  provider.buttonText.trim() || defaultButtonText(provider.name);

/** The provider with this id; a failed load goes back to the list unless the shared handler took over. */
export function IdentityProviderDetails({ id }: { id: string }) {
  const query = useIdentityProvider(id);
  const provider = query.data;

  return (
    <DetailsScreen
      query={query}
      leaveWhen="failed"
      list={toIdentityProviders()}
      noun="Identity Provider"
      name={(loaded) => loaded.name}
      backLabel="Back to Identity Providers"
      history={{ resourceType: 'identity-provider', resourceId: id }}
      actions={(loaded) => <IdentityProviderActions provider={loaded} />}
      edit={toIdentityProviderEdit(id)}
      editEndpoint={identityProviderEndpoints.update}
    >
      <Stack sx={{ gap: 3 }}>
        <DetailsCard title="Identity provider information" item={provider} fields={INFO_FIELDS} />
        {provider?.type === 'Saml' ? (
          <SamlDetails provider={provider} />
        ) : (
          <DetailsCard
            title="OpenID Connect"
            item={provider as OpenIdIdentityProvider | undefined}
            fields={CONNECTION_FIELDS}
          />
        )}
        <DetailsCard title="Login button" item={provider} fields={BUTTON_FIELDS} />
        {provider && <GroupMappingCard provider={provider} />}
      </Stack>
    </DetailsScreen>
  );
}

/** The group's name links to it; the provider holds only its id. */
function DefaultGroupLink({ groupId }: { groupId: string | null }) {
  const group = useDefaultGroup(groupId);
  if (!groupId) return 'None';
  if (group.isPending) return '…';
  return group.data ? <RouterLink to={toGroup(groupId)}>{group.data.name}</RouterLink> : 'None';
}

const INFO_FIELDS: DetailsField<IdentityProvider>[] = [
  { label: 'Name', value: (provider) => provider.name },
  { label: 'Connection method', value: (provider) => IDENTITY_PROVIDER_TYPE_LABELS[provider.type] },
  { label: 'Status', value: (provider) => <IdentityProviderStatusChip active={provider.active} /> },
  { label: 'Default group', value: (provider) => <DefaultGroupLink groupId={provider.defaultGroupId} /> },
  { label: 'Updated At', value: (provider) => formatDate(provider.updatedAt) },
  { label: 'Created At', value: (provider) => formatDate(provider.createdAt) },
];

const CONNECTION_FIELDS: DetailsField<OpenIdIdentityProvider>[] = [
  { label: 'Client ID', value: (provider) => provider.providerData.clientId },
  // Write-only: the API never answers it, so only the fact that one is stored can be shown.
  {
    label: 'Client secret',
    value: () => (
      <>
        <span aria-hidden="true">•••••••• </span>(stored, never shown)
      </>
    ),
  },
  {
    label: 'Client secret expires',
    value: (provider) =>
      provider.credentialsExpireAt
        ? `${expiryDateOf(provider.credentialsExpireAt)} (${expiryWords(provider.credentialsExpireAt)})`
        : 'Not known',
  },
  { label: 'Issuer', value: (provider) => provider.providerData.issuer },
  { label: 'Callback URL', value: () => ssoCallbackUrl() },
];

const BUTTON_FIELDS: DetailsField<IdentityProvider>[] = [
  { label: 'Button text', value: buttonTextOf },
  {
    label: 'Preview',
    value: (provider) => <SsoButton text={buttonTextOf(provider)} imageId={provider.buttonImageId} />,
  },
];
