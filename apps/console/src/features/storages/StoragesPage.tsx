import { SCREEN_NAMES, STORAGE_TYPE_LABELS, type Storage, storageEndpoints } from '@skyvault/contract';
import { useState } from 'react';
import type { DataTableColumn } from '../../components/DataTable';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { StorageDialog } from '../../components/storages/StorageDialog';
import { StorageHealthChip } from '../../components/storages/StorageHealthChip';
import { useListParams } from '../../components/useListParams';
import { toStorage } from '../../core/paths/links';
import { DeleteStorageDialog } from './DeleteStorageDialog';
import { StorageRowActions } from './StorageRowActions';
import { StorageTypeFilter, useStorageTypeParam } from './StorageTypeFilter';
import { useStorages } from './storages.queries';

/** Which modal is open: create (no storage) or edit (the storage). */
type Editing = { storage?: Storage } | null;

/** Backup storages: the tenant's own and the platform's shared ones (SPEC.md §2 Storages). */
export function StoragesPage() {
  const list = useListParams();
  const [type, setType] = useStorageTypeParam(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Storage | null>(null);
  const storages = useStorages({ limit: list.pageSize, offset: list.offset, search: list.search, type });

  const columns: DataTableColumn<Storage>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (storage) => <RouterLink to={toStorage(storage.id)}>{storage.name}</RouterLink>,
    },
    { key: 'type', header: 'Type', render: (storage) => STORAGE_TYPE_LABELS[storage.type] },
    { key: 'health', header: 'Health', render: (storage) => <StorageHealthChip health={storage.health} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: 120,
      render: (storage) => (
        <StorageRowActions
          storage={storage}
          onEdit={(chosen) => setEditing({ storage: chosen })}
          onDelete={setDeleting}
        />
      ),
    },
  ];
  const createButton = <CreateButton endpoint={storageEndpoints.create} onClick={() => setEditing({})} />;

  return (
    <ListScreen
      title={SCREEN_NAMES.storages}
      actions={createButton}
      query={storages}
      items="storages"
      rows={storages.data?.rows ?? []}
      total={storages.data?.count ?? 0}
      list={list}
      ariaLabel="Storages"
      columns={columns}
      getRowId={(storage) => storage.id}
      filters={<StorageTypeFilter value={type} onChange={setType} />}
      filtered={Boolean(type)}
      empty={{
        title: 'No storages yet',
        description:
          'A storage is where Backup and Archive keeps the backups of your Salesforce orgs: an AWS S3 ' +
          'bucket, an Azure Blob container, or local storage. Connections pick one when they are created.',
        action: createButton,
      }}
    >
      {editing && <StorageDialog storage={editing.storage} onClose={() => setEditing(null)} />}
      <DeleteStorageDialog storage={deleting} onClose={() => setDeleting(null)} />
    </ListScreen>
  );
}
