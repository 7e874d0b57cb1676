import {
  CONNECTION_CHECKS_SHOWN,
  CONNECTION_HEALTH_COLORS,
  CONNECTION_HEALTH_LABELS,
  type ConnectionCheck,
  HEALTH_ADVICE,
} from '@skyvault/contract';
import type { ChecksKind, FindingColumn } from '../../components/health/LastChecks';

const TRIGGER_LABELS: Record<ConnectionCheck['trigger'], string> = {
  schedule: 'Scheduled',
  manual: 'Check now',
  login: 'Salesforce login',
};

/** What a connection's check found: why it failed, and the org's API use then. */
const FINDINGS: FindingColumn<ConnectionCheck>[] = [
  {
    header: 'Reason',
    render: (check) => (check.reason ? HEALTH_ADVICE[check.reason].summary : '—'),
    sx: { minWidth: 240 },
  },
  {
    header: 'API requests',
    render: ({ apiUsed, apiMax }) =>
      apiUsed === null || apiMax === null
        ? '—'
        : `${apiUsed.toLocaleString('en-US')} / ${apiMax.toLocaleString('en-US')}`,
    sx: { whiteSpace: 'nowrap' },
  },
];

/** How a connection's checks read on its page. */
export const CONNECTION_CHECKS: ChecksKind<ConnectionCheck> = {
  shown: CONNECTION_CHECKS_SHOWN,
  triggerLabels: TRIGGER_LABELS,
  status: (check) => ({
    label: CONNECTION_HEALTH_LABELS[check.status],
    color: CONNECTION_HEALTH_COLORS[check.status],
  }),
  findings: FINDINGS,
  minWidth: 720,
};
