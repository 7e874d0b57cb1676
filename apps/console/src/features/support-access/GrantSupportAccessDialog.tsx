import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Permission, SUPPORT_GRANTABLE_PERMISSIONS, supportGrantCreateSchema } from '@skyvault/contract';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../core/toasts/notify';
import { useGrantSupportAccess } from './support-access.queries';
import { permissionLabel, SUPPORT_DURATIONS, SUPPORT_ACCESS_TEXTS as T } from './support-access.texts';

/**
 * The Owner's grant: a window from the offered durations, read-only unless write permissions are
 * ticked (only those support may ever be given). The contract's schema checks it before it is sent.
 */
export function GrantSupportAccessDialog({ onClose }: { onClose: () => void }) {
  const grant = useGrantSupportAccess();
  const [hours, setHours] = useState(24);
  const [writes, setWrites] = useState<Permission[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (permission: Permission) =>
    setWrites((current) =>
      current.includes(permission) ? current.filter((p) => p !== permission) : [...current, permission],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = supportGrantCreateSchema.safeParse({ hours, writePermissions: writes });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    grant.mutate(parsed.data, {
      onSuccess: () => {
        notify(T.granted, 'success');
        onClose();
      },
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <FormDialog
      title={T.grantTitle}
      description={T.grantDescription}
      busy={grant.isPending}
      dirty={writes.length > 0}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={T.grant}
    >
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <TextField
        select
        fullWidth
        label={T.duration}
        value={hours}
        onChange={(event) => setHours(Number(event.target.value))}
        sx={{ mb: 2 }}
      >
        {SUPPORT_DURATIONS.map((duration) => (
          <MenuItem key={duration.hours} value={duration.hours}>
            {duration.label}
          </MenuItem>
        ))}
      </TextField>
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">{T.writes}</FormLabel>
        <FormGroup>
          {SUPPORT_GRANTABLE_PERMISSIONS.map((permission) => (
            <FormControlLabel
              key={permission}
              control={<Checkbox checked={writes.includes(permission)} onChange={() => toggle(permission)} />}
              label={permissionLabel(permission)}
            />
          ))}
        </FormGroup>
      </FormControl>
    </FormDialog>
  );
}
