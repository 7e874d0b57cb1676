import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { ADMIN_ROLE_DEFINITIONS, ADMIN_ROLES, type AdminRole, sortedAdminRoles } from '@skyvault/contract';

/** The built-in roles as checkboxes, each with what it is for (a user's roles, a group's). */
export function AdminRoleCheckboxes({
  chosen,
  onChange,
}: {
  chosen: readonly AdminRole[];
  onChange: (roles: AdminRole[]) => void;
}) {
  const toggle = (role: AdminRole, on: boolean) =>
    onChange(sortedAdminRoles(on ? [...chosen, role] : chosen.filter((r) => r !== role)));
  return (
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
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {ADMIN_ROLE_DEFINITIONS[role].description}
              </Typography>
            </span>
          }
        />
      ))}
    </FormGroup>
  );
}
