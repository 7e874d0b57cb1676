import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { STORAGE_MESSAGES, STORAGE_PROBLEM_LABELS, type Storage } from '@skyvault/contract';
import type { ReactNode } from 'react';
import { DescriptionItem, DescriptionList } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { StorageHealthChip } from '../../components/storages/StorageHealthChip';
import { storagePropertyRows } from '../../components/storages/StorageProperties';
import { TitledSection } from '../../components/TitledSection';

const NEVER = 'Never';

/**
 * A storage's health in plain words: its status, what failed and what to do, when it was last checked
 * and last worked, and what the bucket or container reports that matters for backups. A shared
 * storage shows its status only: the platform's operators keep its checks.
 */
export function StorageHealthCard({
  storage,
  actions,
}: {
  storage: Storage | undefined;
  actions?: ReactNode;
}) {
  if (!storage) {
    return (
      <TitledSection title="Health" busy sx={{ mt: 0 }}>
        <Skeleton variant="text" width={240} />
        <Skeleton variant="text" width={320} />
      </TitledSection>
    );
  }
  const { health } = storage;
  const status = (
    <DescriptionItem label="Status">
      <StorageHealthChip health={health} />
    </DescriptionItem>
  );
  if (storage.isSharedStorage) {
    return (
      <TitledSection title="Health" sx={{ mt: 0 }}>
        <DescriptionList>{status}</DescriptionList>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {STORAGE_MESSAGES.sharedHealthOnly}
        </Typography>
      </TitledSection>
    );
  }
  return (
    <TitledSection title="Health" actions={actions} sx={{ mt: 0 }}>
      <DescriptionList>
        {status}
        {health.problem && (
          <DescriptionItem label="Problem">
            {`${STORAGE_PROBLEM_LABELS[health.problem.kind]}: ${health.problem.message}`}
          </DescriptionItem>
        )}
        <DescriptionItem label="Last checked">
          {health.checkedAt ? formatDate(health.checkedAt) : NEVER}
        </DescriptionItem>
        <DescriptionItem label="Last success">
          {health.lastSuccessAt ? formatDate(health.lastSuccessAt) : NEVER}
        </DescriptionItem>
        {storage.type !== 'Local' &&
          storagePropertyRows(health.properties).map(([label, value]) => (
            <DescriptionItem key={label} label={label}>
              {value}
            </DescriptionItem>
          ))}
      </DescriptionList>
    </TitledSection>
  );
}
