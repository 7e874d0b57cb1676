import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/PageHeader';
import { TitledSection } from '../../components/TitledSection';
import { ENTRA_STEPS, OKTA_STEPS, SCIM_RULES } from './provisioning.steps';
import { PROVISIONING_TEXTS } from './provisioning.texts';
import { ScimBaseUrl } from './ScimBaseUrl';
import { ScimTokens } from './ScimTokens';

const T = PROVISIONING_TEXTS;

/** A provider's steps in their order, numbered as the provider's own screens are walked through. */
function Steps({
  title,
  steps,
  ordered = true,
}: {
  title: string;
  steps: readonly string[];
  ordered?: boolean;
}) {
  return (
    <TitledSection title={title}>
      <Typography
        component={ordered ? 'ol' : 'ul'}
        variant="body2"
        aria-label={title}
        sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}
      >
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Typography>
    </TitledSection>
  );
}

/**
 * Security → Provisioning (SCIM), administrators: what an identity provider needs to provision the
 * tenant's users and groups (the base URL and a token of scope `scim`) and how Okta and Entra ID are
 * set up with them.
 */
export function ProvisioningPage() {
  return (
    <>
      <PageHeader title={T.screenTitle} />
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 800 }}>
        {T.intro}
      </Typography>
      <ScimBaseUrl />
      <ScimTokens />
      <Steps title={T.okta} steps={OKTA_STEPS} />
      <Steps title={T.entra} steps={ENTRA_STEPS} />
      <Steps title={T.rules} steps={SCIM_RULES} ordered={false} />
    </>
  );
}
