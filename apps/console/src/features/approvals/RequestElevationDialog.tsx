import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  ADMIN_ROLE_DEFINITIONS,
  ADMIN_ROLES,
  type AdminRole,
  APPROVAL_MESSAGES,
  CONNECTION_PERMISSIONS,
  elevationRequestSchema,
} from '@skyvault/contract';
import { FormDialog } from '../../components/FormDialog';
import { GRANT_DURATIONS } from '../../components/grantDurations';
import { useSaveDialog } from '../../components/useSaveDialog';
import { ApprovalReasonField } from './ApprovalReasonField';
import { useRequestElevation } from './approvals.queries';
import { APPROVAL_TEXTS as T } from './approvals.texts';

type ConnectionPermission = (typeof CONNECTION_PERMISSIONS)[number];

/** The access select's choices: each role, then each permission on one connection. */
const ACCESS_CHOICES = [
  ...ADMIN_ROLES.map((role) => ({
    value: `role:${role}`,
    label: T.roleOption(ADMIN_ROLE_DEFINITIONS[role].label),
  })),
  ...CONNECTION_PERMISSIONS.map((permission) => ({
    value: `permission:${permission}`,
    label: T.connectionPermissions[permission],
  })),
];

/**
 * "Request elevation" (Approvals): the signed-in administrator asks for themselves a role, or a
 * permission on one connection, for a time, with a reason. It is always a request: an administrator
 * who grants roles approves it (docs/administration.md "Elevation requests").
 */
export function RequestElevationDialog({ onClose }: { onClose: () => void }) {
  const ask = useRequestElevation();
  const { form, dialog } = useSaveDialog({
    schema: elevationRequestSchema,
    defaultValues: { durationMinutes: 60, reason: '' },
    send: (body) => ask.mutateAsync(body),
    toast: APPROVAL_MESSAGES.elevationRequested,
    onClose,
  });
  const [role, permission] = form.watch(['role', 'permission']);
  const access = role ? `role:${role}` : permission ? `permission:${permission}` : '';
  const { errors, isSubmitted } = form.formState;
  const accessError = errors.role?.message ?? errors.permission?.message;
  const set = { shouldDirty: true, shouldValidate: isSubmitted };

  const choose = (value: string) => {
    const [kind, chosen] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
    if (kind === 'role') {
      form.setValue('permission', undefined, set);
      form.setValue('connectionId', undefined, set);
      form.setValue('role', chosen as AdminRole, set);
    } else {
      form.setValue('role', undefined, set);
      form.setValue('permission', chosen as ConnectionPermission, set);
    }
  };

  const { ref: connectionRef, ...connection } = form.register('connectionId', {
    setValueAs: (value: unknown) => (value === '' || value == null ? undefined : String(value).trim()),
  });

  return (
    <FormDialog {...dialog} title={T.requestElevation} description={T.elevationIntro} submitLabel={T.send}>
      <TextField
        select
        label={T.access}
        value={access}
        onChange={(event) => choose(event.target.value)}
        required
        fullWidth
        autoFocus
        error={Boolean(accessError)}
        helperText={accessError ?? T.accessHelp}
        sx={{ mb: 2 }}
      >
        {ACCESS_CHOICES.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      {permission && (
        <TextField
          {...connection}
          inputRef={connectionRef}
          label={T.connectionId}
          required
          fullWidth
          autoComplete="off"
          error={Boolean(errors.connectionId)}
          helperText={errors.connectionId?.message ?? T.connectionIdHelp}
          sx={{ mb: 2 }}
        />
      )}
      <TextField
        select
        label={T.duration}
        value={form.watch('durationMinutes')}
        onChange={(event) => form.setValue('durationMinutes', Number(event.target.value), set)}
        required
        fullWidth
        error={Boolean(errors.durationMinutes)}
        helperText={errors.durationMinutes?.message}
        sx={{ mb: 2 }}
      >
        {GRANT_DURATIONS.map((choice) => (
          <MenuItem key={choice.minutes} value={choice.minutes}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      <ApprovalReasonField form={form} />
    </FormDialog>
  );
}
