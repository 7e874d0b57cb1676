import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { formField } from '../formField';
import { PasswordChecklist } from './PasswordChecklist';
import { PasswordField } from './PasswordField';
import type { PasswordPair } from './usePasswordPair';

interface NewPasswordFieldsProps<Values extends FieldValues> {
  form: Pick<UseFormReturn<Values>, 'register' | 'getFieldState' | 'formState'>;
  passwordName: FieldPath<Values>;
  confirmationName: FieldPath<Values>;
  pair: PasswordPair;
  labels: { password: string; confirmation: string };
  autoFocus?: boolean;
}

/**
 * A new password, its live checklist and its confirmation: the same three fields wherever a password
 * is chosen (sign-up, the change-password page and dialog).
 */
export function NewPasswordFields<Values extends FieldValues>({
  form,
  passwordName,
  confirmationName,
  pair,
  labels,
  autoFocus,
}: NewPasswordFieldsProps<Values>) {
  const confirmation = formField(form, confirmationName);
  return (
    <>
      <PasswordField
        {...formField(form, passwordName)}
        label={labels.password}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
      />
      <PasswordChecklist password={pair.password} />
      <PasswordField
        {...confirmation}
        error={confirmation.error || Boolean(pair.mismatch)}
        helperText={confirmation.helperText ?? pair.mismatch}
        label={labels.confirmation}
        autoComplete="new-password"
        required
      />
    </>
  );
}
