import Skeleton from '@mui/material/Skeleton';
import { CONNECTION_HEALTH_TEXTS, type ConnectionDetail, HEALTH_ADVICE } from '@skyvault/contract';
import { DescriptionList, DescriptionItem as Field } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { StorageHealthSummary } from '../../components/storages/StorageHealthSummary';
import { TitledSection } from '../../components/TitledSection';
import { useSessionUser } from '../../core/session/SessionContext';
import { ConnectionHealthChip } from './ConnectionHealthChip';

const T = CONNECTION_HEALTH_TEXTS;

/** The reason and what to do about it: the last check's, or the failed login's until one completes. */
function adviceOf(connection: ConnectionDetail): { reason: string; action?: string } | null {
  if (connection.status !== 'connected')
    return connection.lastError ? { reason: connection.lastError } : null;
  const reason = connection.health?.reason;
  return reason ? { reason: HEALTH_ADVICE[reason].summary, action: HEALTH_ADVICE[reason].action } : null;
}

/**
 * The connection's health in plain words: its state, why, what to do, and when it was last checked;
 * with Backup, the storage it backs up to and that storage's health.
 */
export function ConnectionHealthCard({ connection }: { connection: ConnectionDetail | undefined }) {
  const backup = useSessionUser().services.includes('backup');
  if (!connection) {
    return (
      <TitledSection title="Health" busy sx={{ mt: 0 }}>
        <Skeleton variant="text" width={240} />
        <Skeleton variant="text" width={320} />
      </TitledSection>
    );
  }
  const advice = adviceOf(connection);
  const { health } = connection;
  return (
    <TitledSection title="Health" sx={{ mt: 0 }}>
      <DescriptionList>
        <Field label="Status">
          <ConnectionHealthChip connection={connection} />
        </Field>
        {advice && <Field label="Reason">{advice.reason}</Field>}
        {advice?.action && <Field label="What to do">{advice.action}</Field>}
        <Field label={T.lastChecked}>{health ? formatDate(health.checkedAt) : T.neverChecked}</Field>
        {health && <Field label="Status since">{formatDate(health.changedAt)}</Field>}
        {backup && connection.storageId && (
          <Field label="Backup storage">
            <StorageHealthSummary storageId={connection.storageId} />
          </Field>
        )}
      </DescriptionList>
    </TitledSection>
  );
}
