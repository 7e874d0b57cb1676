import type { SessionUser } from '@skyvault/contract';

/**
 * "Skip for now" on the MFA enrolment page, during the grace period of the tenant's MFA policy. It holds
 * for this sign-in only: kept in session storage (this tab), for this user, and forgotten with the
 * "logged in" mark when the session ends, so the next sign-in asks again.
 */
const SKIPPED_KEY = 'skyvault.mfaEnrolmentSkipped';

export function skipMfaEnrolment(userId: string): void {
  try {
    sessionStorage.setItem(SKIPPED_KEY, userId);
  } catch {
    // Storage can be unavailable (private mode, quota): the page then asks again on the next screen.
  }
}

export function forgetMfaEnrolmentSkip(): void {
  try {
    sessionStorage.removeItem(SKIPPED_KEY);
  } catch {
    // See skipMfaEnrolment.
  }
}

function hasSkippedMfaEnrolment(userId: string): boolean {
  try {
    return sessionStorage.getItem(SKIPPED_KEY) === userId;
  } catch {
    return false;
  }
}

/**
 * Whether the console must keep the user on the enrolment page: always while their session is restricted
 * to enrolment (the API refuses everything else), and during the grace period until they skip it.
 */
export const mustEnrolMfa = (user: SessionUser): boolean =>
  Boolean(user.mfaEnrolment && (user.mfaEnrolment.restricted || !hasSkippedMfaEnrolment(user.id)));
