import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { useErrorHandler } from '../../app/errors/ErrorHandlerContext';
import { isAbortError } from '../../app/errors/errorHandler';

/**
 * Errors the shared handler answers by leaving the screen (ended session, no access, forced password
 * reset) or that are no errors at all (cancelled calls). A screen does nothing more about these
 * (SPEC.md §8: "a handled error type is ignored").
 */
export function isHandledByErrorHandler(error: unknown): boolean {
  if (isAbortError(error)) return true;
  if (!(error instanceof ApiError)) return false;
  return (
    (error.status === 401 && error.code === 'INVALID_SESSION_EXCEPTION') ||
    (error.status === 403 && error.code === 'INSUFFICIENT_ACCESS') ||
    (error.code === 'ForceResetPasswordException' && Boolean(error.resetCode))
  );
}

/** The server's message for one form field (a 400 validation error, a 409 duplicate, a wrong code). */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields?.[field] : undefined;
}

/**
 * For the forms whose calls turn the shared toast off: a field's error goes next to that field, and
 * anything else to the shared handler (which the cache already told, without a toast).
 */
export function useFormErrorReporter() {
  const handleError = useErrorHandler();
  return useCallback(
    <Values extends FieldValues>(error: unknown, field: Path<Values>, setError: UseFormSetError<Values>) => {
      const message = fieldError(error, field);
      if (message) setError(field, { type: 'server', message }, { shouldFocus: true });
      else if (!isHandledByErrorHandler(error)) handleError(error);
    },
    [handleError],
  );
}
