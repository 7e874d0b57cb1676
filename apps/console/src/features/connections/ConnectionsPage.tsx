import {
  ACTION_LABELS,
  CONNECTION_HEALTH_TEXTS,
  type Connection,
  connectionEndpoints,
  ORGANIZATION_TYPE_LABELS,
  SCREEN_NAMES,
} from '@skyvault/contract';
import { useState } from 'react';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { useListParams } from '../../components/useListParams';
import { toConnection, toUser } from '../../core/paths/links';
import { ConnectionHealthChip } from './ConnectionHealthChip';
import { ConnectionName } from './ConnectionName';
import { ConnectionRowActions } from './ConnectionRowActions';
import { ConnectionsToolbar } from './ConnectionsToolbar';
import { CreateConnectionDialog } from './CreateConnectionDialog';
import { useConnections } from './connections.queries';
import { DeleteConnectionDialog } from './DeleteConnectionDialog';
import { SalesforceUnavailableNotice } from './SalesforceUnavailableNotice';
import { useConnectionFilters } from './useConnectionFilters';
import { useSalesforceReturn } from './useSalesforceReturn';
import { useUpdateToken } from './useUpdateToken';

/** The tenant's Salesforce connections (SPEC.md §2 Connections). */
export function ConnectionsPage() {
  const list = useListParams();
  const filters = useConnectionFilters(list);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const updateToken = useUpdateToken();
  const connections = useConnections({
    limit: list.pageSize,
    offset: list.offset,
    search: list.search || undefined,
    ...filters.query,
  });
  const rows = connections.data?.rows;
  useSalesforceReturn(connections.isSuccess && !connections.isPlaceholderData ? rows : undefined);

  const columns: DataTableColumn<Connection>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (connection) => <ConnectionName connection={connection} to={toConnection(connection.id)} />,
    },
    {
      key: 'status',
      header: 'Status',
      render: (connection) => <ConnectionHealthChip connection={connection} />,
    },
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
      key: 'checkedAt',
      header: CONNECTION_HEALTH_TEXTS.lastChecked,
      render: ({ health }) => (health ? formatDate(health.checkedAt) : CONNECTION_HEALTH_TEXTS.neverChecked),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (connection) => (
        <ConnectionRowActions
          connection={connection}
          renewing={updateToken.busy}
          onRenew={updateToken.start}
          onDelete={setDeleting}
        />
      ),
    },
  ];
  const createButton = (
    <CreateButton
      endpoint={connectionEndpoints.create}
      label={ACTION_LABELS.createConnection}
      onClick={() => setCreating(true)}
    />
  );

  return (
    <ListScreen
      title={SCREEN_NAMES.connections}
      actions={createButton}
      query={connections}
      items="connections"
      rows={rows ?? []}
      total={connections.data?.count ?? 0}
      list={list}
      ariaLabel="Connections"
      columns={columns}
      getRowId={(connection) => connection.id}
      filters={<ConnectionsToolbar filters={filters} />}
      filtered={Boolean(filters.organizationType)}
      notice={<SalesforceUnavailableNotice />}
      empty={{
        title: 'No connections yet',
        description:
          'A connection links a Salesforce org to this organization, so that its data can be backed up ' +
          'and deployed. Creating one takes you to the Salesforce login of that org.',
        action: createButton,
      }}
    >
      {creating && <CreateConnectionDialog onClose={() => setCreating(false)} />}
      {deleting && <DeleteConnectionDialog connection={deleting} onClose={() => setDeleting(null)} />}
      {updateToken.dialog}
    </ListScreen>
  );
}
