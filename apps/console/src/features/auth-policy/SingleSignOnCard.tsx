import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SSO_ENFORCEMENT_TEXTS as T } from '@skyvault/contract';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { TitledSection } from '../../components/TitledSection';
import { BreakGlassAdmins } from './BreakGlassAdmins';
import { DomainSignInForm } from './DomainSignInForm';
import { useDomainSignIns, useProviderOptions } from './sso-enforcement.queries';

/**
 * Security → Authentication's single sign-on card: per verified domain, where its addresses sign in
 * and whether single sign-on is enforced; then the break-glass administrators.
 */
export function SingleSignOnCard() {
  const domains = useDomainSignIns();
  const providers = useProviderOptions();
  const failed = domains.isError || providers.isError;
  const loaded = domains.data && providers.data;
  return (
    <TitledSection title={T.cardTitle} busy={!loaded && !failed} sx={{ maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.cardHelp}
      </Typography>
      {failed ? (
        <LoadFailed
          what="single sign-on settings"
          onRetry={() => {
            void domains.refetch();
            void providers.refetch();
          }}
        />
      ) : !loaded ? (
        <Stack sx={{ gap: 2 }} aria-label="Loading">
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : domains.data.domains.length === 0 ? (
        <EmptyState title={T.noDomains} description={T.noDomainsHelp} />
      ) : (
        domains.data.domains.map((domain) => (
          <DomainSignInForm
            // A saved change comes back as a new row: the form starts again from it.
            key={`${domain.id}:${domain.enforceSso}:${domain.apiTokensUnderEnforcement}:${domain.providers.map((p) => p.id).join()}`}
            domain={domain}
            providerOptions={providers.data}
          />
        ))
      )}
      <BreakGlassAdmins />
    </TitledSection>
  );
}
