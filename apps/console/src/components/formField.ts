import type { ReactNode } from 'react';
import type {
  ControllerFieldState,
  ControllerRenderProps,
  FieldPath,
  FieldValues,
  UseFormReturn,
} from 'react-hook-form';

type FieldAccess<Values extends FieldValues> = Pick<
  UseFormReturn<Values>,
  'register' | 'getFieldState' | 'formState'
>;

/**
 * The props that bind an MUI TextField to one react-hook-form field: the input's ref, its handlers,
 * and its error as the helper text (or `hint` while there is none), which MUI links to the input for
 * screen readers.
 */
export function formField<Values extends FieldValues>(
  form: FieldAccess<Values>,
  name: FieldPath<Values>,
  hint?: ReactNode,
) {
  const { ref, ...registered } = form.register(name);
  const { error } = form.getFieldState(name, form.formState);
  return { ...registered, inputRef: ref, error: Boolean(error), helperText: error?.message ?? hint };
}

/**
 * The props that bind a custom control (a picker, a lifetime) to one field of a Controller: its value,
 * handlers and ref, and its error message.
 */
export function controlledField<Values extends FieldValues, Name extends FieldPath<Values>>({
  field,
  fieldState,
}: {
  field: ControllerRenderProps<Values, Name>;
  fieldState: ControllerFieldState;
}) {
  return {
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: fieldState.error?.message,
  };
}
