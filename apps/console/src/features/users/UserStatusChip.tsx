import { USER_STATUS_COLORS, USER_STATUS_LABELS, type UserStatus } from '@skyvault/contract';
import { StatusChip } from '../../components/StatusChip';

/** A user's account state in the contract's colour (SPEC.md §4). */
export function UserStatusChip({ status }: { status: UserStatus }) {
  return <StatusChip label={USER_STATUS_LABELS[status]} color={USER_STATUS_COLORS[status]} />;
}
