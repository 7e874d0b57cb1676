import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface InputFieldProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  placeholder?: string;
  type?: string;
  value?: unknown;
  defaultValue?: unknown;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: OutlinedInputProps['onChange'];
  onBlur?: OutlinedInputProps['onBlur'];
  onFocus?: OutlinedInputProps['onFocus'];
  sx?: SxProps<Theme>;
  className?: string;
  slotProps?: {
    /** Props of the outlined input (adornments). */
    input?: Partial<OutlinedInputProps>;
    /** Attributes of the <input> element itself. */
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  };
}

/**
 * MUI's outlined TextField without its `select` variant, with the same markup (label, notched outline,
 * helper text linked for screen readers). TextField imports Select, and with it Menu, Popover, Modal and
 * Popper, whether a form uses them or not; the login page's fields come first on every visit, so they are
 * built from the parts they render.
 */
export function InputField({
  id: idProp,
  label,
  helperText,
  error = false,
  required = false,
  disabled = false,
  fullWidth = false,
  sx,
  className,
  slotProps,
  ...input
}: InputFieldProps) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const hasLabel = label != null && label !== '';
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className={className}
      sx={sx}
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        id={id}
        label={hasLabel ? label : undefined}
        aria-describedby={helperTextId}
        inputProps={slotProps?.htmlInput}
        fullWidth={fullWidth}
        {...input}
        {...slotProps?.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
