import Button from '@mui/material/Button';
import type { User } from '@skyvault/contract';
import { INVITATION_MESSAGES, SCREEN_NAMES, userEndpoints } from '@skyvault/contract';
import { lazy, Suspense, useState } from 'react';
import { adminRoleLabels } from '../../components/adminRoleLabels';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { fullName } from '../../components/fullName';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { useListParams } from '../../components/useListParams';
import { toGroup, toUser } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { InvitationNote } from './InvitationNote';
import type { UserDialogMode } from './UserDialog';
import { UserStatusChip } from './UserStatusChip';
import { UsersToolbar } from './UsersToolbar';
import { usersPageQuery, useUsers } from './users.queries';
import { useUserListFilters } from './useUserListFilters';

// The create and invite dialog (its form, password and group fields) loads when first opened: the list
// a cold open waits for does not wait for it.
const UserDialog = lazy(() => import('./UserDialog').then((module) => ({ default: module.UserDialog })));

const columns: DataTableColumn<User>[] = [
  {
    key: 'user',
    header: 'User',
    sortKey: 'name',
    render: (user) => <RouterLink to={toUser(user.id)}>{fullName(user)}</RouterLink>,
  },
  { key: 'email', header: 'Email', sortKey: 'email' },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (user) => (
      <>
        <UserStatusChip status={user.status} />
        {user.invitation && <InvitationNote invitation={user.invitation} />}
      </>
    ),
  },
  {
    key: 'group',
    header: 'Group',
    render: (user) => user.group && <RouterLink to={toGroup(user.group.id)}>{user.group.name}</RouterLink>,
  },
  {
    key: 'adminRoles',
    header: 'Administrator roles',
    render: (user) => adminRoleLabels(user.adminRoles),
  },
  {
    key: 'lastSignInAt',
    header: 'Last sign-in',
    sortKey: 'lastSignInAt',
    sortFirst: 'desc',
    render: (user) => (user.lastSignInAt ? formatDate(user.lastSignInAt) : 'Never'),
  },
  {
    key: 'updatedAt',
    header: 'Updated At',
    sortKey: 'updatedAt',
    sortFirst: 'desc',
    render: (user) => formatDate(user.updatedAt),
  },
];

/**
 * The tenant's users (SPEC.md §2 Users): searchable by name or e-mail, filtered by status (the pending
 * invitations among them), group, administrator and MFA, sorted by a column header, and paginated;
 * users are created with a password or invited to set their own.
 */
export function UsersPage() {
  const list = useListParams();
  const filters = useUserListFilters(list);
  const [dialog, setDialog] = useState<UserDialogMode | null>(null);
  const users = useUsers(usersPageQuery(list, filters.query));
  const can = useCan();

  return (
    <ListScreen
      title={SCREEN_NAMES.users}
      actions={
        <>
          {can(userEndpoints.create) && (
            <Button variant="outlined" onClick={() => setDialog('invite')}>
              {INVITATION_MESSAGES.invite}
            </Button>
          )}
          <CreateButton endpoint={userEndpoints.create} onClick={() => setDialog('create')} />
        </>
      }
      query={users}
      items="users"
      rows={users.data?.users ?? []}
      total={users.data?.total ?? 0}
      list={list}
      filters={<UsersToolbar filters={filters} />}
      filtered={filters.filtered}
      sort={filters.sort}
      ariaLabel="Users"
      columns={columns}
      getRowId={(user) => user.id}
      searchPlaceholder="Search by user"
      searchLabel="Search users"
    >
      {dialog && (
        <Suspense fallback={null}>
          <UserDialog mode={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </ListScreen>
  );
}
