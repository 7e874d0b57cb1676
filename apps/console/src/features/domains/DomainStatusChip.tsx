import type { ChipColor, Domain, DomainStatus } from '@skyvault/contract';
import { StatusChip } from '../../components/StatusChip';

const COLORS: Record<DomainStatus, ChipColor> = { Pending: 'default', Verified: 'success', Lapsed: 'error' };

/** The domain's status; a verified domain whose record went missing says so (it lapses unless fixed). */
export function DomainStatusChip({ domain }: { domain: Pick<Domain, 'status' | 'missingSince'> }) {
  if (domain.status === 'Verified' && domain.missingSince)
    return <StatusChip label="Record missing" color="warning" />;
  return <StatusChip label={domain.status} color={COLORS[domain.status]} />;
}
