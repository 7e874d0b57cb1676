import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ApplicationListItem } from '@skyvault/contract';
import { useState } from 'react';
import { CopyableSecret } from '../../components/CopyableSecret';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { RouterLink } from '../../components/RouterLink';
import { SearchField } from '../../components/SearchField';
import { useListParams } from '../../components/useListParams';
import { toConnectedApp } from '../../core/paths/links';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { useApplications } from './applications.queries';
import { CreateConnectedAppDialog } from './CreateConnectedAppDialog';

const columns: DataTableColumn<ApplicationListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (app) => <RouterLink to={toConnectedApp(app.id)}>{app.name}</RouterLink>,
  },
  {
    key: 'clientId',
    header: 'Client Id',
    render: (app) => <CopyableSecret value={app.clientId} label={`client id of ${app.name}`} />,
  },
  {
    key: 'clientSecret',
    header: 'Client Secret',
    render: (app) => <CopyableSecret value={app.clientSecret} label={`client secret of ${app.name}`} />,
  },
  { key: 'active', header: 'Status', render: (app) => <ApplicationStatusChip active={app.active} /> },
  { key: 'updatedAt', header: 'Updated At', render: (app) => formatDate(app.updatedAt) },
  { key: 'createdAt', header: 'Created At', render: (app) => formatDate(app.createdAt) },
];

/** The tenant's connected apps (OAuth clients), searchable and paginated, with the create modal (SPEC.md §2). */
export function ConnectedAppsPage() {
  const list = useListParams();
  const [creating, setCreating] = useState(false);
  const apps = useApplications({
    limit: list.pageSize,
    offset: list.offset,
    searchText: list.search || undefined,
  });
  const total = apps.data?.total ?? 0;
  // Nothing found by a search is not the same as no apps at all: the table stays and says so.
  const hasNoApps = apps.isSuccess && !apps.isPlaceholderData && total === 0 && !list.search;
  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Create
    </Button>
  );

  return (
    <>
      <PageHeader title="Connected Apps" actions={createButton} />
      {apps.isError && !apps.data ? (
        <EmptyState
          title="The connected apps could not be loaded"
          action={<RetryButton onClick={() => void apps.refetch()}>Try again</RetryButton>}
        />
      ) : hasNoApps ? (
        <EmptyState
          title="No connected apps yet"
          description={
            'A connected app lets another application sign your users in with their account here ' +
            '(OAuth 2.0 and OpenID Connect). Create one, then set the addresses it may return users to.'
          }
          action={createButton}
        />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <SearchField value={list.search} onSearch={list.setSearch} />
          <DataTable
            ariaLabel="Connected Apps"
            columns={columns}
            rows={apps.data?.applications ?? []}
            getRowId={(app) => app.id}
            total={total}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            loading={apps.isFetching}
          />
        </Stack>
      )}
      {creating && <CreateConnectedAppDialog onClose={() => setCreating(false)} />}
    </>
  );
}
