import Chip from '@mui/material/Chip';
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
import { LazyTooltip } from '../../components/LazyTooltip';

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
 * the login got. A chip with a reason can be focused and shows it as a tooltip; screen readers get it
 * as the chip's name.
 */
export function ConnectionHealthChip({ connection }: { connection: Connection }) {
  const { label, color, reason } = chipOf(connection);
  const chip = (
    <Chip
      label={label}
      color={color}
      size="small"
      variant={color === 'default' ? 'outlined' : 'filled'}
      tabIndex={reason ? 0 : undefined}
      aria-label={reason ? `${label}: ${reason}` : undefined}
    />
  );
  return reason ? <LazyTooltip title={reason}>{chip}</LazyTooltip> : chip;
}
