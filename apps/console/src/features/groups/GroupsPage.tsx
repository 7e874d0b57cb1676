import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Group } from '@skyvault/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { RouterLink } from '../../components/RouterLink';
import { SearchField } from '../../components/SearchField';
import { useListParams } from '../../components/useListParams';
import { toGroup } from '../../core/paths/links';
import { CreateGroupDialog } from './CreateGroupDialog';
import { useGroups } from './groups.queries';

const columns: DataTableColumn<Group>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (group) => <RouterLink to={toGroup(group.id)}>{group.name}</RouterLink>,
  },
  { key: 'roleName', header: 'Role' },
  { key: 'userCount', header: 'Users', align: 'right', width: 96 },
  { key: 'description', header: 'Description' },
  { key: 'updatedAt', header: 'Updated At', render: (group) => formatDate(group.updatedAt) },
];

/** The tenant's groups, searchable and paginated, with the create dialog (SPEC.md §2 Groups). */
export function GroupsPage() {
  const list = useListParams();
  const [creating, setCreating] = useState(false);
  const groups = useGroups({
    limit: list.pageSize,
    offset: list.offset,
    searchText: list.search || undefined,
  });
  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Create
    </Button>
  );
  const hasNoGroups =
    groups.isSuccess && !groups.isPlaceholderData && groups.data.total === 0 && !list.search;

  return (
    <>
      <PageHeader title="Groups" actions={createButton} />
      {groups.isError && !groups.data ? (
        <EmptyState
          title="The groups could not be loaded"
          action={<RetryButton onClick={() => void groups.refetch()}>Try again</RetryButton>}
        />
      ) : hasNoGroups ? (
        <EmptyState
          title="No groups yet"
          description="A group gives its users one role: create a role first, then a group with it, then add users."
        />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <SearchField value={list.search} onSearch={list.setSearch} label="Search groups" />
          <DataTable
            ariaLabel="Groups"
            columns={columns}
            rows={groups.data?.groups ?? []}
            getRowId={(group) => group.id}
            total={groups.data?.total ?? 0}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            loading={groups.isFetching}
          />
        </Stack>
      )}
      {creating && <CreateGroupDialog onClose={() => setCreating(false)} />}
    </>
  );
}
