import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import UndoIcon from '@mui/icons-material/Undo';
import IconButton from '@mui/material/IconButton';
import { DEFAULT_PAGE_SIZE, type GroupUser } from '@skyvault/contract';
import { useState } from 'react';
import { adminRoleLabels } from '../../components/adminRoleLabels';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { fullName } from '../../components/fullName';
import { LazyTooltip } from '../../components/LazyTooltip';
import { RouterLink } from '../../components/RouterLink';
import { toUser } from '../../core/paths/links';
import { useGroupUsers } from './groups.queries';

export interface GroupUsersTableProps {
  groupId: string;
  /** The edit screen marks users to remove on save; the details screen only lists them. */
  removing?: ReadonlySet<string>;
  onToggleRemove?: (user: GroupUser) => void;
}

/** The group's users, paginated on the server. */
export function GroupUsersTable({ groupId, removing, onToggleRemove }: GroupUsersTableProps) {
  const [page, setPage] = useState(0);
  const users = useGroupUsers(groupId, {
    isRelated: true,
    limit: DEFAULT_PAGE_SIZE,
    offset: page * DEFAULT_PAGE_SIZE,
  });
  const struck = (user: GroupUser) =>
    removing?.has(user.id) ? { textDecoration: 'line-through' } : undefined;

  const columns: DataTableColumn<GroupUser>[] = [
    {
      key: 'user',
      header: 'User',
      render: (user) => (
        <RouterLink to={toUser(user.id)} sx={struck(user)}>
          {fullName(user)}
        </RouterLink>
      ),
    },
    { key: 'email', header: 'Email' },
    { key: 'adminRoles', header: 'Administrator roles', render: (user) => adminRoleLabels(user.adminRoles) },
    { key: 'updatedAt', header: 'Updated At', render: (user) => formatDate(user.updatedAt) },
  ];
  if (onToggleRemove) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: 96,
      render: (user) => {
        const label = `${removing?.has(user.id) ? 'Keep' : 'Remove'} ${fullName(user)}`;
        return (
          <LazyTooltip title={label}>
            <IconButton aria-label={label} onClick={() => onToggleRemove(user)}>
              {removing?.has(user.id) ? <UndoIcon /> : <PersonRemoveIcon />}
            </IconButton>
          </LazyTooltip>
        );
      },
    });
  }

  return (
    <DataTable
      ariaLabel="Group users"
      columns={columns}
      rows={users.data?.rows ?? []}
      getRowId={(user) => user.id}
      total={users.data?.count ?? 0}
      page={page}
      onPageChange={setPage}
      loading={users.isFetching}
      emptyText="No users in this group"
    />
  );
}
