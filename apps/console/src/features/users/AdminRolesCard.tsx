import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_ROLE_DEFINITIONS, adminRoleEndpoints } from '@skyvault/contract';
import { useMemo } from 'react';
import { AdminRolesEditor } from '../../components/AdminRolesEditor';
import { useCan } from '../../core/session/permissions';
import { GrantForTimeForm } from './GrantForTimeForm';
import { RoleSourcesList } from './RoleSourcesList';
import { useSetUserAdminRoles, useUserAdminRoles } from './users.queries';

export const ADMIN_ROLES_TEXTS = {
  title: 'Administrator roles',
  none: 'Not an administrator: this user sees only their own MFA devices.',
  help: "Each role opens part of the console; a user may hold several. The user's own roles are ticked; roles through their group or for a time are listed below.",
  save: 'Save roles',
  saved: 'Administrator roles were successfully saved',
} as const;

/**
 * The user's administrator roles (docs/administration.md) with where each comes from: their own
 * (ticked and saved by whoever may set roles, an Owner), through their group, or until a time, and
 * their permissions on one connection. An Owner also grants a role for a time here.
 */
export function AdminRolesCard({ userId }: { userId: string }) {
  const can = useCan();
  const editable = can(adminRoleEndpoints.setOfUser);
  const data = useUserAdminRoles(userId).data;
  const own = useMemo(
    () => data?.sources.filter((source) => source.source === 'direct').map((source) => source.role),
    [data],
  );
  const save = useSetUserAdminRoles(userId);

  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mt: 2 }}
      aria-busy={!data}
      aria-labelledby="admin-roles"
    >
      <Typography id="admin-roles" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
        {ADMIN_ROLES_TEXTS.title}
      </Typography>
      {!data || !own ? (
        <Skeleton variant="text" width={240} />
      ) : (
        <Stack spacing={2}>
          {editable ? (
            <AdminRolesEditor saved={own} save={save} texts={ADMIN_ROLES_TEXTS} />
          ) : data.adminRoles.length === 0 && data.resourceGrants.length === 0 ? (
            <Typography color="text.secondary">{ADMIN_ROLES_TEXTS.none}</Typography>
          ) : (
            own.length > 0 && (
              <Stack spacing={1} component="ul" sx={{ m: 0, pl: 2 }}>
                {own.map((role) => (
                  <li key={role}>
                    <Typography variant="body2">{ADMIN_ROLE_DEFINITIONS[role].label}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {ADMIN_ROLE_DEFINITIONS[role].description}
                    </Typography>
                  </li>
                ))}
              </Stack>
            )
          )}
          <RoleSourcesList
            userId={userId}
            sources={data.sources}
            resourceGrants={data.resourceGrants}
            editable={editable}
          />
          {editable && can(adminRoleEndpoints.grantTemporary) && <GrantForTimeForm userId={userId} />}
        </Stack>
      )}
    </Paper>
  );
}
