import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';

export interface SwitchFieldProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>;
  /** A boolean field of the form. */
  name: FieldPathByValue<Values, boolean>;
  label: string;
  /** What turning it on means, under the switch and read with it. */
  hint?: string;
}

/** An on/off field of a form (the administrator flag, an app's multi-tenant mode). */
export function SwitchField<Values extends FieldValues, Output>({
  control,
  name,
  label,
  hint,
}: SwitchFieldProps<Values, Output>) {
  const hintId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const toggle = (
          <FormControlLabel
            label={label}
            control={
              <Switch
                checked={field.value}
                disabled={field.disabled}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                slotProps={hint ? { input: { 'aria-describedby': hintId } } : undefined}
              />
            }
          />
        );
        if (!hint) return toggle;
        return (
          <div>
            {toggle}
            <FormHelperText id={hintId} sx={{ mt: 0 }}>
              {hint}
            </FormHelperText>
          </div>
        );
      }}
    />
  );
}
