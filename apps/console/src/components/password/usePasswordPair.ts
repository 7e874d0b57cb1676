import { MESSAGES, passwordMeetsChecklist } from '@skyvault/contract';
import { type FieldPath, type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';

export interface PasswordPair<Values extends FieldValues = FieldValues> {
  /** The form's two fields: the new password and its confirmation. */
  names: { password: FieldPath<Values>; confirmation: FieldPath<Values> };
  /** The new password as typed, for the live checklist. */
  password: string;
  /** 'Passwords are not the same' once the confirmation was left (or the form sent) and differs. */
  mismatch?: string;
  /** Every checklist rule is met and the confirmation equals the password: the submit button may work. */
  ready: boolean;
}

/**
 * Watches a new password and its confirmation as they are typed. The mismatch waits until the
 * confirmation field is left, so it does not flash while the second copy is still being typed.
 */
export function usePasswordPair<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'control' | 'getFieldState' | 'formState'>,
  passwordName: FieldPath<Values>,
  confirmationName: FieldPath<Values>,
): PasswordPair<Values> {
  const [password, confirmation] = useWatch({
    control: form.control,
    name: [passwordName, confirmationName],
  }).map((value) => (typeof value === 'string' ? value : ''));
  const { isTouched } = form.getFieldState(confirmationName, form.formState);
  const differs = confirmation !== '' && confirmation !== password;
  return {
    names: { password: passwordName, confirmation: confirmationName },
    password: password ?? '',
    mismatch: differs && (isTouched || form.formState.isSubmitted) ? MESSAGES.passwordsNotSame : undefined,
    ready: passwordMeetsChecklist(password ?? '') && password === confirmation,
  };
}
