import type { Group } from '@skyvault/contract';
import { groupEndpoints, SCREEN_NAMES } from '@skyvault/contract';
import { useState } from 'react';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { pageQueryOf, useListParams } from '../../components/useListParams';
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
  const groups = useGroups(pageQueryOf(list));

  return (
    <ListScreen
      title={SCREEN_NAMES.groups}
      actions={<CreateButton endpoint={groupEndpoints.create} onClick={() => setCreating(true)} />}
      query={groups}
      items="groups"
      rows={groups.data?.groups ?? []}
      total={groups.data?.total ?? 0}
      list={list}
      ariaLabel="Groups"
      columns={columns}
      getRowId={(group) => group.id}
      searchLabel="Search groups"
      empty={{
        title: 'No groups yet',
        description:
          'A group gives its users one role: create a role first, then a group with it, then add users.',
      }}
    >
      {creating && <CreateGroupDialog onClose={() => setCreating(false)} />}
    </ListScreen>
  );
}
