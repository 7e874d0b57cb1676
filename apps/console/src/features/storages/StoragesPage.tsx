import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { STORAGE_TYPE_LABELS, type Storage } from '@skyvault/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { SearchField } from '../../components/SearchField';
import { useListParams } from '../../components/useListParams';
import { DeleteStorageDialog } from './DeleteStorageDialog';
import { StorageDialog } from './StorageDialog';
import { StorageRowActions } from './StorageRowActions';
import { StorageTypeFilter, useStorageTypeParam } from './StorageTypeFilter';
import { useStorages } from './storages.queries';

/** Which modal is open: create (no storage) or edit (the storage). */
type Editing = { storage?: Storage } | null;

/** Backup storages: the tenant's own and the platform's shared ones (SPEC.md §2 Storages). */
export function StoragesPage() {
  const list = useListParams();
  const [type, setType] = useStorageTypeParam();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Storage | null>(null);
  const storages = useStorages({ limit: list.pageSize, offset: list.offset, search: list.search, type });
  const rows = storages.data?.rows ?? [];
  const count = storages.data?.count ?? 0;
  const hasNoStorages =
    storages.isSuccess && !storages.isPlaceholderData && count === 0 && !list.search && !type;

  const columns: DataTableColumn<Storage>[] = [
    { key: 'name', header: 'Name' },
    { key: 'type', header: 'Type', render: (storage) => STORAGE_TYPE_LABELS[storage.type] },
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

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
      Create
    </Button>
  );

  return (
    <>
      <PageHeader title="Storages" actions={createButton} />
      {storages.isError && !storages.data ? (
        <EmptyState
          title="The storages could not be loaded"
          action={<RetryButton onClick={() => void storages.refetch()}>Try again</RetryButton>}
        />
      ) : hasNoStorages ? (
        <EmptyState
          title="No storages yet"
          description={
            'A storage is where Backup and Archive keeps the backups of your Salesforce orgs: an AWS S3 ' +
            'bucket, an Azure Blob container, or local storage. Connections pick one when they are created.'
          }
          action={createButton}
        />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <SearchField value={list.search} onSearch={list.setSearch} />
            <StorageTypeFilter value={type} onChange={setType} />
          </Stack>
          <DataTable
            ariaLabel="Storages"
            columns={columns}
            rows={rows}
            getRowId={(storage) => storage.id}
            total={count}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            loading={storages.isFetching}
          />
        </Stack>
      )}
      {editing && <StorageDialog storage={editing.storage} onClose={() => setEditing(null)} />}
      <DeleteStorageDialog storage={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
