import { forgetMfaEnrolmentSkip } from './mfaEnrolment';

/**
 * The "logged in" mark kept in local storage (SPEC.md §4). The session itself is an httpOnly cookie the
 * console cannot read; this mark lets other tabs notice a logout and is cleared before anything else
 * when the session ends.
 */
export const LOGGED_IN_KEY = 'skyvault.loggedIn';

export function setLoggedIn(): void {
  try {
    localStorage.setItem(LOGGED_IN_KEY, 'true');
  } catch {
    // Storage can be unavailable (private mode, quota); the cookie session still works.
  }
}

export function clearLoggedIn(): void {
  // A skipped MFA enrolment holds for one sign-in only.
  forgetMfaEnrolmentSkip();
  try {
    localStorage.removeItem(LOGGED_IN_KEY);
  } catch {
    // See setLoggedIn.
  }
}

export function isLoggedIn(): boolean {
  try {
    return localStorage.getItem(LOGGED_IN_KEY) === 'true';
  } catch {
    return false;
  }
}
