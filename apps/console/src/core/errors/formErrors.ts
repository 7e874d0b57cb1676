import { useCallback } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client';
import { useErrorHandler } from './ErrorHandlerContext';
import { isAbortError } from './errorHandler';

/**
 * Errors the shared handler answers by leaving the screen (ended session, no access, forced password
 * reset, an address outside the organization's network ranges, which it always shows) or that are no
 * errors at all (cancelled calls). A screen does nothing more about these
 * (SPEC.md §8: "a handled error type is ignored").
 */
export function isHandledByErrorHandler(error: unknown): boolean {
  if (isAbortError(error)) return true;
  if (!(error instanceof ApiError)) return false;
  return (
    (error.status === 401 && error.code === 'INVALID_SESSION_EXCEPTION') ||
    (error.status === 403 && error.code === 'INSUFFICIENT_ACCESS') ||
    (error.status === 403 && error.code === 'IP_NOT_ALLOWED') ||
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
      if (fieldErrors.length === 0 && !isHandledByErrorHandler(error)) handleError(error);
    },
    [handleError],
  );
}
