import {
  STORAGE_CHECKS_SHOWN,
  STORAGE_HEALTH_COLORS,
  STORAGE_HEALTH_LABELS,
  STORAGE_PROBLEM_LABELS,
  type StorageCheck,
} from '@skyvault/contract';
import type { ChecksKind, FindingColumn } from '../../components/health/LastChecks';

const TRIGGER_LABELS: Record<StorageCheck['trigger'], string> = {
  schedule: 'Scheduled',
  manual: 'Check now',
  save: 'Saved',
};

/** What a storage's check found: the problem and the storage's own words for it. */
const FINDINGS: FindingColumn<StorageCheck>[] = [
  {
    header: 'Problem',
    render: (check) =>
      check.problem ? `${STORAGE_PROBLEM_LABELS[check.problem]}: ${check.message ?? ''}` : '—',
    sx: { minWidth: 240 },
  },
];

/** How a storage's checks read on its page. */
export const STORAGE_CHECKS: ChecksKind<StorageCheck> = {
  shown: STORAGE_CHECKS_SHOWN,
  triggerLabels: TRIGGER_LABELS,
  status: (check) => ({
    label: STORAGE_HEALTH_LABELS[check.status],
    color: STORAGE_HEALTH_COLORS[check.status],
  }),
  findings: FINDINGS,
  minWidth: 640,
};
