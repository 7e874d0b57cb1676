import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import {
  AZURE_AUTHENTICATION_LABELS,
  STORAGE_CREDENTIAL_LABELS,
  STORAGE_MESSAGES,
  STORAGE_TYPE_LABELS,
  type Storage,
  storageEndpoints,
} from '@skyvault/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DescriptionItem, DescriptionList } from '../../components/DetailsCard';
import { LastChecks } from '../../components/health/LastChecks';
import {
  CheckNowButton,
  DeleteItemButton,
  HealthItemScreen,
} from '../../components/screens/HealthItemScreen';
import { ItemPage, leaveForList } from '../../components/screens/missingItem';
import { StorageDialog } from '../../components/storages/StorageDialog';
import { useStorage } from '../../components/storages/storageWrites';
import { TitledSection } from '../../components/TitledSection';
import { toStorages } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { DeleteStorageDialog } from './DeleteStorageDialog';
import { StorageHealthCard } from './StorageHealthCard';
import { STORAGE_CHECKS } from './storageChecks';
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
  const can = useCan();
  const leaving = leaveForList(toStorages(), 'missing', [query]);
  if (leaving) return leaving;
  const checkNow = () =>
    check.mutate(undefined, { onSuccess: () => notify(STORAGE_MESSAGES.checked, 'success') });

  return (
    <>
      <HealthItemScreen
        title={storage?.name ?? 'Storage'}
        list={toStorages()}
        listName="Storages"
        noun="storage"
        query={query}
        history={{ resourceType: 'storage', resourceId: id }}
        actions={
          own && (
            <>
              {checkable && (
                <CheckNowButton
                  endpoint={storageEndpoints.check}
                  pending={check.isPending}
                  onClick={checkNow}
                />
              )}
              {can(storageEndpoints.update) && (
                <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
              <DeleteItemButton endpoint={storageEndpoints.remove} onClick={() => setDeleting(storage)} />
            </>
          )
        }
        health={<StorageHealthCard storage={storage} />}
        about={
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
        }
      >
        {checkable && <LastChecks kind={STORAGE_CHECKS} load={checks} checks={checks.data?.rows} />}
      </HealthItemScreen>
      {editing && storage && <StorageDialog storage={storage} onClose={() => setEditing(false)} />}
      <DeleteStorageDialog
        storage={deleting}
        onDeleted={() => navigate(toStorages(), { replace: true })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
