import {
  type ChipColor,
  CONNECTION_HEALTH_COLORS,
  CONNECTION_HEALTH_LABELS,
  CONNECTION_NOT_CHECKED,
  CONNECTION_STATUS_COLORS,
  CONNECTION_STATUS_LABELS,
  type Connection,
  HEALTH_ADVICE,
} from '@skyvault/contract';
import { HealthChip } from '../../components/HealthChip';

/** What the chip says, and the reason behind it when there is one (for the tooltip and screen readers). */
function chipOf(connection: Connection): { label: string; color: ChipColor; reason: string | null } {
  // Until a login completes, the authorisation state is what matters; its failure carries its reason.
  if (connection.status !== 'connected') {
    return {
      label: CONNECTION_STATUS_LABELS[connection.status],
      color: CONNECTION_STATUS_COLORS[connection.status],
      reason: connection.lastError,
    };
  }
  const { health } = connection;
  if (!health) return { label: CONNECTION_NOT_CHECKED, color: 'default', reason: null };
  return {
    label: CONNECTION_HEALTH_LABELS[health.status],
    color: CONNECTION_HEALTH_COLORS[health.status],
    reason: health.reason ? HEALTH_ADVICE[health.reason].summary : null,
  };
}

/**
 * A connection's state as a chip: the health of its Salesforce grant once connected, otherwise how far
 * the login got, with its reason as a tooltip.
 */
export function ConnectionHealthChip({ connection }: { connection: Connection }) {
  return <HealthChip {...chipOf(connection)} />;
}
