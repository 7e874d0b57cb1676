import type { AuditOutcome } from '@skyvault/contract';
import { OUTCOME_LABELS } from './auditWords';
import { StatusChip } from './StatusChip';

/** An audit event's or sign-in's outcome as a green or red chip. */
export function AuditOutcomeChip({ outcome }: { outcome: AuditOutcome }) {
  return <StatusChip label={OUTCOME_LABELS[outcome]} color={outcome === 'success' ? 'success' : 'error'} />;
}
