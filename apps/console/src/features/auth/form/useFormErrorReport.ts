import { useCallback } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { useErrorHandler } from '../../../app/errors/ErrorHandlerContext';

/**
 * Answers the shared handler turns into a change of screen (ended session, no access, forced password
 * reset): it already acted on them when the call failed, so a form adds nothing (SPEC.md §8). Cancelled
 * calls need no check here: the shared handler ignores them itself.
 */
function isActedOnByErrorHandler(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    (error.status === 401 && error.code === 'INVALID_SESSION_EXCEPTION') ||
    (error.status === 403 && error.code === 'INSUFFICIENT_ACCESS') ||
    (error.code === 'ForceResetPasswordException' && Boolean(error.resetCode))
  );
}

type FormAccess<Values extends FieldValues> = Pick<UseFormReturn<Values>, 'setError' | 'getValues'>;

/**
 * For forms whose calls run with `meta: { errorToast: false }`: the server's messages for the form's own
 * fields (a 400 validation error, a 409 duplicate, a wrong code) go next to those fields; any other
 * failure goes to the shared handler for its usual toast.
 */
export function useFormErrorReport() {
  const handleError = useErrorHandler();
  return useCallback(
    <Values extends FieldValues>(form: FormAccess<Values>, error: unknown) => {
      const ownFields = Object.keys(form.getValues());
      const fieldErrors = Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {}).filter(
        ([field]) => ownFields.includes(field),
      );
      fieldErrors.forEach(([field, message], index) => {
        form.setError(field as FieldPath<Values>, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      if (fieldErrors.length === 0 && !isActedOnByErrorHandler(error)) handleError(error);
    },
    [handleError],
  );
}
