import type { AuditOutcome, SignInMethod } from '@skyvault/contract';

/** An audit event's or sign-in attempt's outcome in words (the Audit Log and the user's page). */
export const OUTCOME_LABELS: Record<AuditOutcome, string> = { success: 'Success', failure: 'Failure' };

/** How a sign-in was attempted, in words. */
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Password',
  'email-code': 'E-mail code',
  sso: 'Single sign-on',
  oauth: 'Connected app',
  passkey: 'Passkey',
};
