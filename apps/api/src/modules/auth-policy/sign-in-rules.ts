import { type MfaEnrolment, REFUSALS } from '@skyvault/contract';
import { AppError } from '../../lib/errors.js';
import { addressPermitted, ipNotAllowed, type RangeBounds } from '../ip-ranges/index.js';
import { type EnrolmentState, enrolmentDue } from './enrolment.js';

/**
 * What a sign-in knows of an account once its owner is proven (the users module's login look-up,
 * `skyvault_login_account`): the user's and tenant's states, the tenant's ranges and MFA policy, and
 * whether the user has a factor.
 */
export interface ProvenAccount {
  user: { status: string; isAdmin: boolean };
  tenant: { status: string };
  ipRanges: RangeBounds[];
  /** The user has a factor (an enabled authenticator or a passkey). */
  mfaRequired: boolean;
  mfaPolicy: Omit<EnrolmentState, 'isAdmin' | 'hasFactor'>;
}

/**
 * Why a proven account may not sign in, or null: the same rules, in the same order, whichever way
 * proved the owner (a password with its second factor, a passkey alone). An unverified sign-up or
 * invited user, a disabled user or tenant, a user whose password an administrator reset (they sign in
 * nowhere until they set a new one: the reset erased the password, and a passkey must not get round
 * it), and an address outside the tenant's ranges. The ranges come last, so that only a proven owner
 * learns of them.
 */
export function signInRefusal(account: ProvenAccount, ip: string): AppError | null {
  const { user, tenant } = account;
  if (tenant.status === 'pending' || user.status === 'WaitConfirmation') {
    return new AppError('EMAIL_NOT_VERIFIED');
  }
  if (tenant.status !== 'active' || user.status === 'Disabled') return new AppError('ACCOUNT_DISABLED');
  if (user.status === 'ForceResetPassword') {
    return new AppError('ForceResetPasswordException', REFUSALS.signIn.passwordReset);
  }
  if (!addressPermitted(account.ipRanges, ip)) return ipNotAllowed();
  return null;
}

/**
 * Whether the tenant's policy asks the user to enrol a second factor, and how urgently (undefined: it
 * does not): the same for every way in. A passkey sign-in's user has a factor, so it never is.
 */
export function signInEnrolment(
  account: ProvenAccount,
  passkeysAvailable: boolean,
): MfaEnrolment | undefined {
  const due = enrolmentDue({
    ...account.mfaPolicy,
    isAdmin: account.user.isAdmin,
    hasFactor: account.mfaRequired,
  });
  return due ? { ...due, passkeysAvailable } : undefined;
}
