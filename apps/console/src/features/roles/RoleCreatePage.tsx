import { RoleForm } from './RoleForm';
import { emptyPermissions } from './rolePermissionsForm';

/** /roles/create: a new role starts with no licence level and no connections. */
export function RoleCreatePage() {
  return <RoleForm initialPermissions={emptyPermissions()} />;
}
