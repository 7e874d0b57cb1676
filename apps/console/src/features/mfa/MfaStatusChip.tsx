import { MFA_STATUS_COLORS, MFA_STATUS_LABELS, type MfaStatus } from '@skyvault/contract';
import { StatusChip } from '../../components/StatusChip';

/** Enabled green, Disabled red, waiting for a code blue, secret to reset orange (SPEC.md §4). */
export function MfaStatusChip({ status }: { status: MfaStatus }) {
  return <StatusChip label={MFA_STATUS_LABELS[status]} color={MFA_STATUS_COLORS[status]} />;
}
