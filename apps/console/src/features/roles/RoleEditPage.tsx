import { SCREEN_TITLES } from '@skyvault/contract';
import { LoadBeforeEdit } from '../../components/screens/LoadBeforeEdit';
import { ItemPage } from '../../components/screens/missingItem';
import { toRole, toRoles } from '../../core/paths/links';
import { RoleForm } from './RoleForm';
import { useRole, useRolePermissions } from './roles.queries';

/** /roles/:roleId/edit: the role form, filled once the role and its permissions have loaded. */
export function RoleEditPage() {
  return (
    <ItemPage param="roleId" list={toRoles()}>
      {(id) => <RoleEdit id={id} />}
    </ItemPage>
  );
}

/** A role that does not exist goes to the list; other failures stay, with their toast (SPEC.md §8). */
export function RoleEdit({ id }: { id: string }) {
  const role = useRole(id);
  const permissions = useRolePermissions(id);
  return (
    <LoadBeforeEdit
      item={role.data && permissions.data && { role: role.data, permissions: permissions.data }}
      loads={[role, permissions]}
      leaveWhen="missing"
      list={toRoles()}
      noun="role"
      title={SCREEN_TITLES.editRole}
      back={toRole(id)}
      backLabel="Back to the role"
      rows={3}
      maxWidth={720}
    >
      {(loaded) => <RoleForm role={loaded.role} initialPermissions={loaded.permissions} />}
    </LoadBeforeEdit>
  );
}
