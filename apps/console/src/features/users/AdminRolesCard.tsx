import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ADMIN_ROLE_DEFINITIONS,
  ADMIN_ROLES,
  type AdminRole,
  adminRoleEndpoints,
  sortedAdminRoles,
} from '@skyvault/contract';
import { useEffect, useState } from 'react';
import { useErrorHandler } from '../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { useSetUserAdminRoles, useUserAdminRoles } from './users.queries';

export const ADMIN_ROLES_TEXTS = {
  title: 'Administrator roles',
  none: 'Not an administrator: this user sees only their own MFA devices.',
  help: 'Each role opens part of the console; a user may hold several. No role: not an administrator.',
  save: 'Save roles',
  saved: 'Administrator roles were successfully saved',
} as const;

/**
 * The user's administrator roles (docs/administration.md), each with what it is for. Whoever may set
 * roles (the endpoint's permission: an Owner) ticks and saves them; everyone else reads them.
 */
export function AdminRolesCard({ userId }: { userId: string }) {
  const can = useCan();
  const editable = can(adminRoleEndpoints.setOfUser);
  const roles = useUserAdminRoles(userId).data?.adminRoles;
  const save = useSetUserAdminRoles(userId);
  const handleError = useErrorHandler();
  const [chosen, setChosen] = useState<AdminRole[]>([]);
  useEffect(() => setChosen(roles ?? []), [roles]);
  const changed = roles !== undefined && chosen.join() !== roles.join();
  const toggle = (role: AdminRole, on: boolean) =>
    setChosen((current) => sortedAdminRoles(on ? [...current, role] : current.filter((r) => r !== role)));

  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mt: 2 }}
      aria-busy={!roles}
      aria-labelledby="admin-roles"
    >
      <Typography id="admin-roles" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
        {ADMIN_ROLES_TEXTS.title}
      </Typography>
      {!roles ? (
        <Skeleton variant="text" width={240} />
      ) : editable ? (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {ADMIN_ROLES_TEXTS.help}
          </Typography>
          <FormGroup>
            {ADMIN_ROLES.map((role) => (
              <FormControlLabel
                key={role}
                control={
                  <Checkbox
                    checked={chosen.includes(role)}
                    onChange={(event) => toggle(role, event.target.checked)}
                  />
                }
                label={
                  <span>
                    {ADMIN_ROLE_DEFINITIONS[role].label}
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                    >
                      {ADMIN_ROLE_DEFINITIONS[role].description}
                    </Typography>
                  </span>
                }
              />
            ))}
          </FormGroup>
          <div>
            <Button
              variant="contained"
              disabled={!changed || save.isPending}
              onClick={() =>
                save.mutate(chosen, {
                  onSuccess: () => notify(ADMIN_ROLES_TEXTS.saved, 'success'),
                  onError: (error) => {
                    setChosen(roles);
                    if (!isHandledByErrorHandler(error)) handleError(error);
                  },
                })
              }
            >
              {ADMIN_ROLES_TEXTS.save}
            </Button>
          </div>
        </Stack>
      ) : roles.length === 0 ? (
        <Typography color="text.secondary">{ADMIN_ROLES_TEXTS.none}</Typography>
      ) : (
        <Stack spacing={1} component="ul" sx={{ m: 0, pl: 2 }}>
          {roles.map((role) => (
            <li key={role}>
              <Typography variant="body2">{ADMIN_ROLE_DEFINITIONS[role].label}</Typography>
              <Typography variant="body2" color="text.secondary">
                {ADMIN_ROLE_DEFINITIONS[role].description}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
