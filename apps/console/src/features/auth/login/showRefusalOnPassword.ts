import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../core/api/client';
import { isHandledByErrorHandler } from '../../../core/errors/formErrors';

/**
 * A refused login (a wrong password, a password the administrator reset, a disabled account, too many
 * attempts) is about what was just typed: its message goes under the password field, focused, where
 * the visitor looks and a screen reader reads it with the field, not only into a toast. Returns
 * whether it did (useApiForm's onError): field messages, the errors the shared handler acts on (a
 * reset code opens the change-password screen) and failures of the server or the network go their
 * usual way.
 */
export function showRefusalOnPassword<Values extends { password: string }>(
  error: unknown,
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'setError'>,
): boolean {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return false;
  if (error.fields || isHandledByErrorHandler(error)) return false;
  const password = 'password' as FieldPath<Values>;
  form.setError(password, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}
