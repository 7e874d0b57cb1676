import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { STORAGE_TYPE_LABELS, STORAGE_TYPES } from '@skyvault/contract';
import { type Control, Controller } from 'react-hook-form';
import type { StorageFormOutput, StorageFormValues } from './storageForm';

/** The storage kind; choosing one shows its credential fields. */
export function StorageTypeSelect({
  control,
}: {
  control: Control<StorageFormValues, unknown, StorageFormOutput>;
}) {
  return (
    <Controller
      name="type"
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          select
          label="Type"
          required
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {STORAGE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {STORAGE_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
