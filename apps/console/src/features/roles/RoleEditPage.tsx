import Skeleton from '@mui/material/Skeleton';
import { BackToList, leaveForList, useItemId } from '../../components/missingItem';
import { PageHeader } from '../../components/PageHeader';
import { toRole, toRoles } from '../../core/paths/links';
import { RoleForm } from './RoleForm';
import { RoleLoadFailed } from './RoleLoadFailed';
import { useRole, useRolePermissions } from './roles.queries';

/** /roles/:roleId/edit: the role form, filled once the role and its permissions have loaded. */
export function RoleEditPage() {
  const roleId = useItemId('roleId');
  if (!roleId) return <BackToList list={toRoles()} />;
  return <RoleEdit id={roleId} />;
}

export function RoleEdit({ id }: { id: string }) {
  const role = useRole(id);
  const permissions = useRolePermissions(id);
  if (role.data && permissions.data) {
    return <RoleForm role={role.data} initialPermissions={permissions.data} />;
  }
  const leaving = leaveForList(toRoles(), 'missing', role, permissions);
  if (leaving) return leaving;
  return (
    <>
      <PageHeader title="Edit role" back={toRole(id)} backLabel="Back to the role" />
      {role.isError || permissions.isError ? (
        <RoleLoadFailed />
      ) : (
        <Skeleton variant="rounded" height={240} aria-label="Loading" />
      )}
    </>
  );
}
