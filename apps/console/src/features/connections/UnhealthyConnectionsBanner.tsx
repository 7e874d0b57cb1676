import { CONNECTION_HEALTH_TEXTS } from '@skyvault/contract';
import { NamesBanner } from '../../components/NamesBanner';
import { toConnection } from '../../core/paths/links';
import { useUnhealthyConnections } from './connectionHealth.queries';

export const BANNER_LABEL = 'Connection health';

/**
 * On every signed-in page of an administrator: the connections whose health needs a person, each a
 * link to its page. Nothing while there are none, or while the list cannot be had.
 */
export function UnhealthyConnectionsBanner() {
  const unhealthy = useUnhealthyConnections();
  const rows = unhealthy.data?.rows ?? [];
  const more = Math.max((unhealthy.data?.count ?? 0) - rows.length, 0);
  return (
    <NamesBanner
      label={BANNER_LABEL}
      text={CONNECTION_HEALTH_TEXTS.banner(
        rows.map((row) => row.name),
        more,
      )}
      items={rows.map((row) => ({ id: row.id, name: row.name, to: toConnection(row.id) }))}
    />
  );
}
