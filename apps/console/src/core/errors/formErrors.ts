import { useCallback } from 'react';
import { ApiError } from '../api/client';
import { apiErrorOf } from './apiErrors';
import { useErrorHandler } from './ErrorHandlerContext';
import { isAbortError } from './errorHandler';

/**
 * Errors the shared handler answers by leaving the screen (ended session, no access, MFA enrolment
 * required, forced password reset, an address outside the organization's network ranges, which it
 * always shows) or that are no errors at all (cancelled calls). A screen does nothing more about these
 * (SPEC.md §8: "a handled error type is ignored").
 */
export function isHandledByErrorHandler(error: unknown): boolean {
  if (isAbortError(error)) return true;
  if (!(error instanceof ApiError)) return false;
  return (
    (error.status === 401 && error.code === 'INVALID_SESSION_EXCEPTION') ||
    (error.status === 403 && error.code === 'INSUFFICIENT_ACCESS') ||
    (error.status === 403 && error.code === 'IP_NOT_ALLOWED') ||
    (error.status === 403 && error.code === 'MFA_ENROLMENT_REQUIRED') ||
    (error.code === 'ForceResetPasswordException' && Boolean(error.resetCode))
  );
}

/**
 * What the report needs of a form: its values (which fields it has) and a way to put a message on one.
 * A react-hook-form form is one; the login page's first step, which does without that library, another.
 */
export interface FormAccess {
  getValues(): object;
  setError(
    field: string,
    error: { type: string; message: string },
    options?: { shouldFocus?: boolean },
  ): void;
}

/**
 * The server's messages that belong to the form's own fields, by field path. A nested field is named by
 * its dotted path ('providerData.issuer', 'data.oauth.authorizedCallbackURLs.0'), so a path belongs to
 * the form when its first part is one of the form's values.
 */
function ownFieldErrors(values: object, error: unknown): [string, string][] {
  const roots = Object.keys(values);
  return Object.entries(apiErrorOf(error)?.fields ?? {}).filter(([path]) =>
    roots.includes(path.split('.')[0] ?? ''),
  );
}

/**
 * For forms whose calls run with FORM_META: the server's messages for the form's own fields (a 400
 * validation error, a 409 duplicate, a wrong code) go next to those fields, the first one focused; any
 * other failure goes to the shared handler for its usual toast.
 */
export function useFormErrorReport() {
  const handleError = useErrorHandler();
  return useCallback(
    (form: FormAccess, error: unknown) => {
      const fieldErrors = ownFieldErrors(form.getValues(), error);
      fieldErrors.forEach(([field, message], index) => {
        form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      if (fieldErrors.length === 0 && !isHandledByErrorHandler(error)) handleError(error);
    },
    [handleError],
  );
}
