import Alert from '@mui/material/Alert';
import { DOMAIN_MESSAGES } from '@skyvault/contract';
import { RouterLink } from '../../components/RouterLink';
import { toDomains } from '../../core/paths/links';
import { useDomains } from './domains.queries';

export const MISSING_DOMAINS_LABEL = 'Domain verification';

/**
 * On every signed-in page of an administrator, beside the connections' banner: the verified domains
 * whose TXT record the daily re-check no longer finds, with a link to the Domains page. Nothing while
 * there are none, or while the list cannot be had.
 */
export function MissingDomainsBanner() {
  const domains = useDomains({ quiet: true });
  const missing = (domains.data?.domains ?? []).filter(
    (row) => row.status === 'Verified' && row.missingSince,
  );
  if (missing.length === 0) return null;
  return (
    <Alert severity="warning" role="status" aria-label={MISSING_DOMAINS_LABEL} sx={{ mb: 2 }}>
      {DOMAIN_MESSAGES.banner(missing.map((row) => row.domain))}{' '}
      <RouterLink to={toDomains()} color="inherit" underline="always">
        Open Domains
      </RouterLink>
    </Alert>
  );
}
