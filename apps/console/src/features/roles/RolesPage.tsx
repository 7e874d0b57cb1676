import type { Role } from '@skyvault/contract';
import { roleEndpoints, SCREEN_NAMES } from '@skyvault/contract';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { pageQueryOf, useListParams } from '../../components/useListParams';
import { toRole, toRoleCreate } from '../../core/paths/links';
import { useRoles } from './roles.queries';

const columns: DataTableColumn<Role>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (role) => <RouterLink to={toRole(role.id)}>{role.name}</RouterLink>,
  },
  { key: 'description', header: 'Description' },
  { key: 'updatedAt', header: 'Updated At', render: (role) => formatDate(role.updatedAt) },
  { key: 'createdAt', header: 'Created At', render: (role) => formatDate(role.createdAt) },
];

/** The tenant's roles: searchable, paginated, names linking to the details (SPEC.md §2 Roles). */
export function RolesPage() {
  const list = useListParams();
  const roles = useRoles(pageQueryOf(list));
  const createButton = <CreateButton endpoint={roleEndpoints.create} to={toRoleCreate()} />;

  return (
    <ListScreen
      title={SCREEN_NAMES.roles}
      actions={createButton}
      query={roles}
      items="roles"
      rows={roles.data?.roles ?? []}
      total={roles.data?.total ?? 0}
      list={list}
      ariaLabel="Roles"
      columns={columns}
      getRowId={(role) => role.id}
      empty={{
        title: 'No roles yet',
        description:
          'A role bundles what its groups’ users may do: the license level of each product and the ' +
          'rights on each connected org.',
        action: createButton,
      }}
    />
  );
}
