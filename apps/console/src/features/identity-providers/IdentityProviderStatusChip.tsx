import { ACTIVE_STATUS_COLORS, activeStatus } from '@skyvault/contract';
import { StatusChip } from '../../components/StatusChip';

/** Active or Disabled (SPEC.md §2), coloured as the contract says. */
export function IdentityProviderStatusChip({ active }: { active: boolean }) {
  const status = activeStatus(active);
  return <StatusChip label={status} color={ACTIVE_STATUS_COLORS[status]} />;
}
