import Chip from '@mui/material/Chip';
import type { ChipColor } from '@skyvault/contract';
import { LazyTooltip } from './LazyTooltip';

/**
 * A health as a chip (a connection's, a storage's). A chip with a reason can be focused and shows it as
 * a tooltip; screen readers get it as the chip's name.
 */
export function HealthChip({
  label,
  color,
  reason,
}: {
  label: string;
  color: ChipColor;
  reason?: string | null;
}) {
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
