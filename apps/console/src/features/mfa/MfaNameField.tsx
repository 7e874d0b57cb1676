import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';

/** Shown under the field until there is an error: the MFA name rules of SPEC.md §5, in short. */
const NAME_HINT = '4 to 64 letters, digits, "-" or "_"';

/** The device name of the Add dialog and the edit screen; both validate with the contract's rule. */
export function MfaNameField({
  control,
  autoFocus = false,
  disabled = false,
}: {
  control: Control<{ name: string }>;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
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
          autoFocus={autoFocus}
          disabled={disabled}
          autoComplete="off"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? NAME_HINT}
        />
      )}
    />
  );
}
