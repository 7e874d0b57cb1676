import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADMIN_ROLE_DEFINITIONS, ADMIN_ROLES, type AdminRole } from '@skyvault/contract';
import { useState } from 'react';
import { GRANT_DURATIONS } from '../../components/grantDurations';
import { useErrorHandler } from '../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import { useGrantTemporaryAccess } from './users.queries';

export const GRANT_TEXTS = {
  title: 'Grant for a time',
  role: 'Role',
  duration: 'For',
  grant: 'Grant',
  granted: 'The role was granted for a time',
} as const;

/** An Owner's "Grant for a time": a role and how long; it ends by itself (docs/administration.md). */
export function GrantForTimeForm({ userId }: { userId: string }) {
  const [role, setRole] = useState<AdminRole | ''>('');
  const [minutes, setMinutes] = useState<number>(60);
  const grant = useGrantTemporaryAccess(userId);
  const handleError = useErrorHandler();
  return (
    <Stack
      component="form"
      aria-label={GRANT_TEXTS.title}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!role) return;
        grant.mutate(
          { role, durationMinutes: minutes },
          {
            onSuccess: () => {
              notify(GRANT_TEXTS.granted, 'success');
              setRole('');
            },
            onError: (error) => {
              if (!isHandledByErrorHandler(error)) handleError(error);
            },
          },
        );
      }}
    >
      <TextField
        select
        size="small"
        label={GRANT_TEXTS.role}
        value={role}
        onChange={(event) => setRole(event.target.value as AdminRole)}
        sx={{ minWidth: 220 }}
      >
        {ADMIN_ROLES.map((value) => (
          <MenuItem key={value} value={value}>
            {ADMIN_ROLE_DEFINITIONS[value].label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={GRANT_TEXTS.duration}
        value={minutes}
        onChange={(event) => setMinutes(Number(event.target.value))}
        sx={{ minWidth: 140 }}
      >
        {GRANT_DURATIONS.map((choice) => (
          <MenuItem key={choice.minutes} value={choice.minutes}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="outlined" disabled={!role || grant.isPending}>
        {GRANT_TEXTS.grant}
      </Button>
    </Stack>
  );
}
