import { ERROR_MESSAGES, missingPermissionIn } from '@skyvault/contract';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../api/client';
import { safeRedirectTarget, toChangePassword, toLogin, toMfaEnrolment } from '../paths/links';
import { FIRST_USER_ROUTE, isAuthPath, isPublicPath, routes } from '../paths/routes';
import { clearLoggedIn } from '../session/loggedInFlag';
import { isTemporarilyUnavailable } from './apiErrors';

/**
 * While the service is unavailable every screen's calls fail alike, and reads fail once per retry: the
 * notice is shown once, then not again for this long.
 */
export const UNAVAILABLE_NOTICE_MS = 15_000;

export interface CurrentLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface ErrorHandlerDeps {
  /** Replaces the current entry: the page that failed should not come back with the Back button. */
  navigate: (to: string) => void;
  location: () => CurrentLocation;
  /** `lasting` keeps the toast up longer: the message explains why the user is on another screen. */
  notifyError: (message: string, options?: { lasting?: boolean }) => void;
  /** A notice that is no error: the service is away for a moment and the console retries by itself. */
  notifyInfo: (message: string) => void;
  /** The clock (tests set it). */
  now?: () => number;
}

export interface HandleErrorOptions {
  /** False when the caller shows the message itself (e.g. next to a form field). */
  toast?: boolean;
}

export type ErrorHandler = (error: unknown, options?: HandleErrorOptions) => void;

/** Cancelled fetches and cancelled queries: the user moved on, nothing to report. */
export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name } = error as { name?: unknown };
  // TanStack Query rejects cancelled queries with a CancelledError; a change that became a request for
  // approval (core/api/approvalGate.ts) was not made, and its dialog has said so already.
  return name === 'AbortError' || name === 'CancelledError' || name === 'ApprovalPending';
}

/**
 * The one place that reacts to failed calls (SPEC.md §8): an ended session goes to login and comes back,
 * a non-administrator goes to the screens they may use, a user who must first add a second factor goes
 * to the MFA enrolment page, a forced password reset goes to the change password screen, a session
 * refused by the organization's network access goes to login with the reason, a service that is
 * temporarily unavailable is a notice (once) while reads are retried, everything else is an error toast.
 */
export function createErrorHandler(deps: ErrorHandlerDeps): ErrorHandler {
  const now = deps.now ?? Date.now;
  let unavailableNoticeAt = Number.NEGATIVE_INFINITY;
  return (error, { toast = true } = {}) => {
    if (isAbortError(error)) return;
    if (isTemporarilyUnavailable(error)) {
      // Shown even to forms that show their own errors: nothing the user typed is wrong.
      if (now() - unavailableNoticeAt >= UNAVAILABLE_NOTICE_MS) {
        unavailableNoticeAt = now();
        deps.notifyInfo(ERROR_MESSAGES.DATABASE_UNAVAILABLE);
      }
      return;
    }
    const { pathname, search, hash } = deps.location();
    const currentPath = `${pathname}${search}${hash}`;

    if (error instanceof ApiError) {
      if (error.status === 401 && error.code === 'INVALID_SESSION_EXCEPTION') {
        clearLoggedIn();
        // On public screens there is nothing to come back to (and login must not redirect to itself).
        if (!isPublicPath(pathname)) deps.navigate(toLogin({ redirectTo: currentPath }));
        return;
      }
      if (error.status === 403 && error.code === 'INSUFFICIENT_ACCESS' && !isAuthPath(pathname)) {
        // An administrator whose roles do not allow this one call: said, and the screen stays.
        if (missingPermissionIn(error.message)) {
          if (toast) deps.notifyError(error.message);
          return;
        }
        deps.navigate(FIRST_USER_ROUTE);
        return;
      }
      if (error.status === 403 && error.code === 'IP_NOT_ALLOWED') {
        // Shown even to forms that show their own errors: no field is wrong, the address is. Signed in,
        // every call would fail the same way, so the console leaves for login (which says it too).
        deps.notifyError(error.message, { lasting: true });
        if (!isPublicPath(pathname)) {
          clearLoggedIn();
          deps.navigate(toLogin({ redirectTo: currentPath }));
        }
        return;
      }
      if (error.status === 403 && error.code === 'MFA_ENROLMENT_REQUIRED') {
        // The tenant requires a second factor and the session may do nothing else until one is added:
        // the enrolment page, then back here. Its own calls are allowed, so there it means nothing more.
        if (pathname !== routes['mfa.enrolment']) {
          const redirectTo = isAuthPath(pathname)
            ? safeRedirectTarget(new URLSearchParams(search).get('redirectTo'))
            : currentPath;
          deps.navigate(toMfaEnrolment({ redirectTo }));
        }
        return;
      }
      if (error.code === 'ForceResetPasswordException' && error.resetCode) {
        // From an auth screen keep the target it was already carrying (e.g. login's redirectTo).
        const redirectTo = isAuthPath(pathname)
          ? safeRedirectTarget(new URLSearchParams(search).get('redirectTo'))
          : currentPath;
        deps.navigate(toChangePassword({ code: error.resetCode, redirectTo }));
        return;
      }
    }

    if (!toast) return;
    const message = error instanceof ApiError && error.message ? error.message : UNEXPECTED_ERROR_MESSAGE;
    deps.notifyError(message);
  };
}
