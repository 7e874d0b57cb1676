import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { formField } from '../formField';
import { PasswordChecklist } from './PasswordChecklist';
import { PasswordField } from './PasswordField';
import type { PasswordPair } from './usePasswordPair';

interface NewPasswordFieldsProps<Values extends FieldValues> {
  form: Pick<UseFormReturn<Values>, 'register' | 'getFieldState' | 'formState'>;
  /** The two fields, as usePasswordPair watches them. */
  pair: PasswordPair<Values>;
  labels?: { password: string; confirmation: string };
  autoFocus?: boolean;
}

const NEW_PASSWORD_LABELS = { password: 'New password', confirmation: 'Confirm new password' };

/**
 * A new password, its live checklist and its confirmation: the same three fields wherever a password
 * is chosen (sign-up, the change-password page and dialog).
 */
export function NewPasswordFields<Values extends FieldValues>({
  form,
  pair,
  labels = NEW_PASSWORD_LABELS,
  autoFocus,
}: NewPasswordFieldsProps<Values>) {
  const confirmation = formField(form, pair.names.confirmation);
  return (
    <>
      <PasswordField
        {...formField(form, pair.names.password)}
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
