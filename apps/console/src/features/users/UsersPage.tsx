import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { User } from '@skyvault/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { fullName } from '../../components/fullName';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { RouterLink } from '../../components/RouterLink';
import { SearchField } from '../../components/SearchField';
import { useListParams } from '../../components/useListParams';
import { toGroup, toUser } from '../../core/paths/links';
import { UserDialog } from './UserDialog';
import { UserStatusChip } from './UserStatusChip';
import { useUsers } from './users.queries';

const columns: DataTableColumn<User>[] = [
  {
    key: 'user',
    header: 'User',
    render: (user) => <RouterLink to={toUser(user.id)}>{fullName(user)}</RouterLink>,
  },
  { key: 'email', header: 'Email' },
  { key: 'status', header: 'Status', render: (user) => <UserStatusChip status={user.status} /> },
  {
    key: 'group',
    header: 'Group',
    render: (user) => user.group && <RouterLink to={toGroup(user.group.id)}>{user.group.name}</RouterLink>,
  },
  { key: 'updatedAt', header: 'Updated At', render: (user) => formatDate(user.updatedAt) },
];

/** The tenant's users, searchable by name or e-mail and paginated (SPEC.md §2 Users). */
export function UsersPage() {
  const list = useListParams();
  const [creating, setCreating] = useState(false);
  const users = useUsers({
    limit: list.pageSize,
    offset: list.offset,
    searchText: list.search || undefined,
    searchBy: 'user',
  });

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create
          </Button>
        }
      />
      {users.isError && !users.data ? (
        <EmptyState
          title="The users could not be loaded"
          action={<RetryButton onClick={() => void users.refetch()}>Try again</RetryButton>}
        />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <SearchField
            value={list.search}
            onSearch={list.setSearch}
            placeholder="Search by user"
            label="Search users"
          />
          <DataTable
            ariaLabel="Users"
            columns={columns}
            rows={users.data?.users ?? []}
            getRowId={(user) => user.id}
            total={users.data?.total ?? 0}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            loading={users.isFetching}
          />
        </Stack>
      )}
      {creating && <UserDialog onClose={() => setCreating(false)} />}
    </>
  );
}
