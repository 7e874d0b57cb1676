import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { adminRoleEndpoints } from '@skyvault/contract';
import { AdminRolesEditor } from '../../components/AdminRolesEditor';
import { adminRoleLabels } from '../../components/adminRoleLabels';
import { useCan } from '../../core/session/permissions';
import { useGroupAdminRoles, useSetGroupAdminRoles } from './groups.queries';

export const GROUP_ROLES_TEXTS = {
  title: 'Administrator roles',
  help: "The group's members hold these roles while they are in it.",
  none: 'None: being in this group makes no one an administrator.',
  save: 'Save roles',
  saved: "The group's administrator roles were saved",
} as const;

/**
 * The administrator roles the group gives its members (docs/administration.md "Roles through
 * groups"): shown to whoever reads roles, ticked and saved by whoever may change them (an Owner).
 */
export function GroupAdminRolesCard({ groupId }: { groupId: string }) {
  const can = useCan();
  const readable = can(adminRoleEndpoints.ofGroup);
  const editable = can(adminRoleEndpoints.setOfGroup);
  const roles = useGroupAdminRoles(groupId, readable).data?.adminRoles;
  const save = useSetGroupAdminRoles(groupId);
  if (!readable) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
      aria-busy={!roles}
      aria-labelledby="group-admin-roles"
    >
      <Typography id="group-admin-roles" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
        {GROUP_ROLES_TEXTS.title}
      </Typography>
      {!roles ? (
        <Skeleton variant="text" width={240} />
      ) : editable ? (
        <AdminRolesEditor saved={roles} save={save} texts={GROUP_ROLES_TEXTS} />
      ) : (
        <Typography variant="body2" color={roles.length === 0 ? 'text.secondary' : undefined}>
          {roles.length === 0 ? GROUP_ROLES_TEXTS.none : adminRoleLabels(roles)}
        </Typography>
      )}
    </Paper>
  );
}
