import Chip from '@mui/material/Chip';
import type { ChipColor } from '@skyvault/contract';

/** A status as a small coloured chip; the contract says which colour each status has. */
export function StatusChip({ label, color = 'default' }: { label: string; color?: ChipColor }) {
  return (
    <Chip label={label} color={color} size="small" variant={color === 'default' ? 'outlined' : 'filled'} />
  );
}
