import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  AZURE_AUTHENTICATION_LABELS,
  STORAGE_CHECKS_SHOWN,
  STORAGE_CREDENTIAL_LABELS,
  STORAGE_MESSAGES,
  STORAGE_TYPE_LABELS,
  type Storage,
} from '@skyvault/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DescriptionItem, DescriptionList } from '../../components/DetailsCard';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { HistoryLink } from '../../components/screens/HistoryLink';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { failedWithoutData, ItemPage, leaveForList } from '../../components/screens/missingItem';
import { StorageDialog } from '../../components/storages/StorageDialog';
import { useStorage } from '../../components/storages/storageWrites';
import { TitledSection } from '../../components/TitledSection';
import { toStorages } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { DeleteStorageDialog } from './DeleteStorageDialog';
import { StorageChecksTable } from './StorageChecksTable';
import { StorageHealthCard } from './StorageHealthCard';
import { useCheckStorage, useStorageChecks } from './storageHealth.queries';

/** A storage's page (/storages/:storageId); an address without an id goes to the list. */
export function StoragePage() {
  return (
    <ItemPage param="storageId" list={toStorages()}>
      {(id) => <StorageDetails id={id} />}
    </ItemPage>
  );
}

/** The credentials as the API answers them (never a secret), label by label. */
function credentialRows(storage: Storage): [string, string][] {
  const { credentials } = storage;
  if ('bucketName' in credentials) {
    return [
      [STORAGE_CREDENTIAL_LABELS.region, credentials.region],
      [STORAGE_CREDENTIAL_LABELS.bucketName, credentials.bucketName],
      [STORAGE_CREDENTIAL_LABELS.accessKeyId, credentials.accessKeyId],
      ...(credentials.endpoint
        ? [[STORAGE_CREDENTIAL_LABELS.endpoint, credentials.endpoint] as [string, string]]
        : []),
    ];
  }
  if ('containerName' in credentials) {
    return [
      [STORAGE_CREDENTIAL_LABELS.accountName, credentials.accountName],
      [STORAGE_CREDENTIAL_LABELS.containerName, credentials.containerName],
      ['Authentication', AZURE_AUTHENTICATION_LABELS[credentials.authentication]],
    ];
  }
  return [];
}

/**
 * One storage: its kind and credentials (no secret), its health with what to do and what the bucket or
 * container reports, and its last checks, with Check now, Edit and Delete. Shared storages are the
 * platform's: their status only, and nothing to change. An unknown id (another tenant's, or deleted)
 * goes back to the list; another failure stays with a retry.
 */
export function StorageDetails({ id }: { id: string }) {
  const query = useStorage(id);
  const storage = query.data;
  const own = storage !== undefined && !storage.isSharedStorage;
  const checkable = own && storage.type !== 'Local';
  const checks = useStorageChecks(id, checkable);
  const check = useCheckStorage(id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<Storage | null>(null);
  const leaving = leaveForList(toStorages(), 'missing', [query]);
  if (leaving) return leaving;
  const checkNow = () =>
    check.mutate(undefined, { onSuccess: () => notify(STORAGE_MESSAGES.checked, 'success') });

  return (
    <>
      <PageHeader
        title={storage?.name ?? 'Storage'}
        back={toStorages()}
        backLabel="Back to Storages"
        actions={
          own && (
            <>
              <HistoryLink resourceType="storage" resourceId={id} />
              {checkable && (
                <Button
                  variant="contained"
                  startIcon={<RefreshIcon />}
                  loading={check.isPending}
                  loadingPosition="start"
                  onClick={checkNow}
                >
                  Check now
                </Button>
              )}
              <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => setDeleting(storage)}
              >
                Delete
              </Button>
            </>
          )
        }
      />
      {failedWithoutData([query]) ? (
        <LoadFailed what="storage" onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              alignItems: 'start',
            }}
          >
            <StorageHealthCard storage={storage} />
            <TitledSection title="Storage" busy={!storage} sx={{ mt: 0 }}>
              {storage && (
                <DescriptionList>
                  <DescriptionItem label="Type">{STORAGE_TYPE_LABELS[storage.type]}</DescriptionItem>
                  {storage.isSharedStorage && <DescriptionItem label="Shared">Yes</DescriptionItem>}
                  {credentialRows(storage).map(([label, value]) => (
                    <DescriptionItem key={label} label={label}>
                      {value}
                    </DescriptionItem>
                  ))}
                </DescriptionList>
              )}
            </TitledSection>
          </Box>
          {checkable && (
            <TitledSection title={`Last ${STORAGE_CHECKS_SHOWN} checks`} busy={checks.isFetching}>
              {checks.isError && !checks.data ? (
                <>
                  <Typography variant="body2">The checks could not be loaded</Typography>
                  <RetryButton onClick={() => void checks.refetch()}>Try again</RetryButton>
                </>
              ) : (
                <StorageChecksTable checks={checks.data?.rows} />
              )}
            </TitledSection>
          )}
        </>
      )}
      {editing && storage && <StorageDialog storage={storage} onClose={() => setEditing(false)} />}
      <DeleteStorageDialog
        storage={deleting}
        onDeleted={() => navigate(toStorages(), { replace: true })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
