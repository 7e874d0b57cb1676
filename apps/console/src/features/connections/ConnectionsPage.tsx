import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type Connection, ORGANIZATION_TYPE_LABELS } from '@skyvault/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { RouterLink } from '../../components/RouterLink';
import { useListParams } from '../../components/useListParams';
import { toUser } from '../../core/paths/links';
import { ConnectionName } from './ConnectionName';
import { ConnectionRowActions } from './ConnectionRowActions';
import { ConnectionsToolbar } from './ConnectionsToolbar';
import { CreateConnectionDialog } from './CreateConnectionDialog';
import { useConnections, useRenewConnection } from './connections.queries';
import { DeleteConnectionDialog } from './DeleteConnectionDialog';
import { goToSalesforceLogin, rememberRenewal } from './salesforceLogin';
import { useConnectionFilters } from './useConnectionFilters';
import { useSalesforceReturn } from './useSalesforceReturn';

/** The tenant's Salesforce connections (SPEC.md §2 Connections). */
export function ConnectionsPage() {
  const list = useListParams();
  const filters = useConnectionFilters();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const renew = useRenewConnection();
  const connections = useConnections({
    limit: list.pageSize,
    offset: list.offset,
    search: list.search || undefined,
    ...filters.query,
  });
  const rows = connections.data?.rows;
  const total = connections.data?.count ?? 0;
  const filtered = Boolean(list.search || filters.organizationType);
  const hasNone = connections.isSuccess && !connections.isPlaceholderData && total === 0 && !filtered;
  useSalesforceReturn(connections.isSuccess && !connections.isPlaceholderData ? rows : undefined);

  // Update Token: the browser leaves for the Salesforce login and comes back to this list.
  const updateToken = (connection: Connection) =>
    renew.mutate(
      { id: connection.id, organizationType: connection.organizationType },
      {
        onSuccess: ({ loginUri }) => {
          rememberRenewal(connection.id);
          goToSalesforceLogin(loginUri);
        },
      },
    );

  const columns: DataTableColumn<Connection>[] = [
    { key: 'name', header: 'Name', render: (connection) => <ConnectionName connection={connection} /> },
    {
      key: 'organizationType',
      header: 'Type',
      render: (connection) => ORGANIZATION_TYPE_LABELS[connection.organizationType],
    },
    { key: 'userName', header: 'Username' },
    {
      key: 'createdBy',
      header: 'Created by',
      render: ({ createdBy }) =>
        createdBy ? <RouterLink to={toUser(createdBy.id)}>{createdBy.name}</RouterLink> : 'Unknown user',
    },
    { key: 'createdAt', header: 'Created at', render: (connection) => formatDate(connection.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (connection) => (
        <ConnectionRowActions
          connection={connection}
          renewing={renew.isPending || renew.isSuccess}
          onRenew={updateToken}
          onDelete={setDeleting}
        />
      ),
    },
  ];

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Create connection
    </Button>
  );

  return (
    <>
      <PageHeader title="Connections" actions={createButton} />
      {connections.isError && !connections.data ? (
        <EmptyState
          title="The connections could not be loaded"
          action={<RetryButton onClick={() => void connections.refetch()}>Try again</RetryButton>}
        />
      ) : hasNone ? (
        <EmptyState
          title="No connections yet"
          description={
            'A connection links a Salesforce org to this organization, so that its data can be backed up ' +
            'and deployed. Creating one takes you to the Salesforce login of that org.'
          }
          action={createButton}
        />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <ConnectionsToolbar list={list} filters={filters} />
          <DataTable
            ariaLabel="Connections"
            columns={columns}
            rows={rows ?? []}
            getRowId={(connection) => connection.id}
            total={total}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            loading={connections.isFetching}
          />
        </Stack>
      )}
      {creating && <CreateConnectionDialog onClose={() => setCreating(false)} />}
      {deleting && <DeleteConnectionDialog connection={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
