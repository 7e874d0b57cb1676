import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { RoleForm } from '@skyvault/contract';
import { type Control, Controller } from 'react-hook-form';

/** Name and description of the role form, validated with the contract's rules. */
export function RoleDetailsFields({ control, disabled }: { control: Control<RoleForm>; disabled: boolean }) {
  return (
    <Stack sx={{ gap: 2 }}>
      <Controller
        name="name"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            label="Name"
            required
            fullWidth
            autoFocus
            disabled={disabled}
            autoComplete="off"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Up to 80 characters'}
          />
        )}
      />
      <Controller
        name="description"
        control={control}
        render={({ field: { ref, value, ...field }, fieldState }) => (
          <TextField
            {...field}
            value={value ?? ''}
            inputRef={ref}
            label="Description"
            fullWidth
            multiline
            minRows={2}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Optional, up to 255 characters'}
          />
        )}
      />
    </Stack>
  );
}
