import type { User } from '@skyvault/contract';
import { SCREEN_NAMES } from '@skyvault/contract';
import { useState } from 'react';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { fullName } from '../../components/fullName';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
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
    <ListScreen
      title={SCREEN_NAMES.users}
      actions={<CreateButton onClick={() => setCreating(true)} />}
      query={users}
      items="users"
      rows={users.data?.users ?? []}
      total={users.data?.total ?? 0}
      list={list}
      ariaLabel="Users"
      columns={columns}
      getRowId={(user) => user.id}
      searchPlaceholder="Search by user"
      searchLabel="Search users"
    >
      {creating && <UserDialog onClose={() => setCreating(false)} />}
    </ListScreen>
  );
}
