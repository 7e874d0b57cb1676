import Alert from '@mui/material/Alert';
import { CONNECTION_HEALTH_TEXTS } from '@skyvault/contract';
import { Fragment } from 'react';
import { RouterLink } from '../../components/RouterLink';
import { toConnection } from '../../core/paths/links';
import { useUnhealthyConnections } from './connectionHealth.queries';

export const BANNER_LABEL = 'Connection health';

/**
 * The contract's sentence with each connection's name as a link to its page: the sentence is split
 * around the names it was given, so its words stay the contract's.
 */
function splitAroundNames(names: string[], more: number) {
  const text = CONNECTION_HEALTH_TEXTS.banner(names, more);
  const joined = names.join(', ');
  const at = text.lastIndexOf(joined);
  return { before: text.slice(0, at), after: text.slice(at + joined.length) };
}

/**
 * On every signed-in page of an administrator: the connections whose health needs a person, each a
 * link to its page. Nothing while there are none, or while the list cannot be had.
 */
export function UnhealthyConnectionsBanner() {
  const unhealthy = useUnhealthyConnections();
  const rows = unhealthy.data?.rows ?? [];
  if (rows.length === 0) return null;
  const names = rows.map((row) => row.name);
  const more = Math.max((unhealthy.data?.count ?? 0) - rows.length, 0);
  const { before, after } = splitAroundNames(names, more);
  return (
    <Alert severity="warning" role="status" aria-label={BANNER_LABEL} sx={{ mb: 2 }}>
      {before}
      {rows.map((row, index) => (
        <Fragment key={row.id}>
          {index > 0 && ', '}
          <RouterLink to={toConnection(row.id)} color="inherit" underline="always">
            {row.name}
          </RouterLink>
        </Fragment>
      ))}
      {after}
    </Alert>
  );
}
