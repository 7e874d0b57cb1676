import { RECOVERY_CODE_RULE_MESSAGES } from './recovery-code-messages.js';

/**
 * The words of MFA policy, recovery codes and passkeys (ours, beyond the spec): field messages, toasts,
 * confirmations and screen texts, written once for both sides, in the spec's voice.
 */

export const MFA_POLICY_LABELS = {
  off: 'Off',
  administrators: 'Required for administrators',
  everyone: 'Required for everyone',
} as const;

export const AUTH_POLICY_TEXTS = {
  screenTitle: 'Authentication',
  mfaPolicy: 'Multi-factor authentication',
  mfaPolicyHelp:
    'Users who must have MFA and have no enabled authenticator or passkey are asked to add one right after they sign in.',
  graceDays: 'Grace period (days)',
  graceDaysHelp:
    'During the grace period users may skip enrolment; after it they can do nothing else until they enrol.',
  refuseBreachedPasswords: 'Refuse breached and common passwords',
  refuseBreachedPasswordsHelp:
    'New passwords are checked against a list of passwords exposed in data breaches, shipped with the product (no network call).',
  unusualSignIns: 'Unusual sign-ins',
  unusualSignInsHelp:
    "A sign-in from a browser the user has not signed in with before, or from outside your organization's usual networks (those its users signed in from in the last 30 days; any allowed address while network access is restricted).",
  notifyUnusualSignIns: 'E-mail the user about unusual sign-ins',
  notifyUnusualSignInsHelp:
    'The e-mail says how, when and from where, and has a link that ends that session.',
  notifySecurityAdmins: 'Also e-mail Security administrators when an administrator signs in unusually',
  notifySecurityAdminsHelp: 'Every holder of the Security administrator role receives a copy.',
  unusualSignInSecondFactor: 'Require a second factor for unusual sign-ins',
  unusualSignInSecondFactorHelp:
    'Users with an authenticator or a passkey must use it. Users without one are let in and told by e-mail.',
  saved: 'Authentication policy was successfully updated',
} as const;

export const MFA_POLICY_MESSAGES = {
  graceDaysRequired: 'Grace period is required',
  graceDaysRange: 'Grace period should be a whole number of days from 0 to 30',
  /** A new password found in the shipped list of breached and common passwords. */
  passwordBreached:
    'This password appears in a list of passwords exposed in data breaches or is too common. Choose another one.',
  recoveryCodeRequired: RECOVERY_CODE_RULE_MESSAGES.required,
  recoveryCodeInvalid: RECOVERY_CODE_RULE_MESSAGES.invalid,
  recoveryCodeIncorrect: 'This recovery code is incorrect or was already used.',
  /** A call made by a user who must first enrol a second factor. */
  enrolmentRequired:
    'Your organization requires multi-factor authentication. Add an authenticator or a passkey first.',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered for any account.',
  passkeyChallengeExpired: 'This passkey request has expired. Please try again.',
  passkeyNameTaken: 'A passkey with this name already exists',
  /** Passkeys need a domain name: browsers refuse WebAuthn on an IP address. */
  passkeysUnavailableIp:
    'Passkeys are not available: this console is served from an IP address, and browsers allow passkeys only on a domain name.',
  cannotResetOwnMfa: 'Reset your own factors on the MFA Devices page.',
} as const;

export const ENROLMENT_TEXTS = {
  title: 'Set up multi-factor authentication',
  intro:
    'Your organization requires a second factor for your account. Add an authenticator app or a passkey.',
  graceDaysLeft: (days: number) =>
    `You can skip this for now: ${days} ${days === 1 ? 'day' : 'days'} left before it is required.`,
  skip: 'Skip for now',
  addAuthenticator: 'Use an authenticator app',
  addPasskey: 'Use a passkey',
  done: 'Continue to the console',
  enrolled: 'Your second factor is set up. Use it each time you sign in.',
} as const;

export const RECOVERY_CODE_TEXTS = {
  title: 'Recovery codes',
  intro:
    'Each code signs you in once when you cannot use your authenticator or passkey. Keep them somewhere safe: they are shown only now.',
  download: 'Download',
  copy: 'Copy',
  saved: 'I have saved my codes',
  remaining: (left: number, total: number) => `${left} of ${total} recovery codes left`,
  none: 'No recovery codes yet: they are created with your first factor.',
  regenerate: 'Regenerate codes',
  regenerateConfirm: 'Regenerate recovery codes? The codes you have now will stop working.',
  regenerated: 'Recovery codes were successfully regenerated',
  useRecoveryCode: 'Use a recovery code',
  useAuthenticatorCode: 'Use an authenticator code',
  fileName: 'skyvault-recovery-codes.txt',
} as const;

export const PASSKEY_TEXTS = {
  title: 'Passkeys',
  add: 'Add passkey',
  name: 'Name',
  created: 'Created',
  lastUsed: 'Last used',
  never: 'Never',
  empty: 'No passkeys yet',
  created_toast: 'Passkey was successfully added',
  deleted: 'Passkey was successfully deleted',
  renamed: 'Passkey was successfully updated',
  deleteConfirm: 'Are you sure to delete this passkey?',
  signInWithPasskey: 'Sign in with a passkey',
  usePasskey: 'Use a passkey',
  waiting: 'Follow your browser’s instructions…',
  cancelled: 'The passkey request was cancelled.',
  intro:
    'A passkey signs you in with your fingerprint, face, screen lock or security key instead of a 6-digit code.',
  addIntro:
    'Give the passkey a name you will recognise, such as "Work-laptop". Next your browser asks you to create it.',
  rename: 'Rename passkey',
} as const;

export const USER_MFA_TEXTS = {
  title: 'Multi-factor authentication',
  authenticators: 'Authenticator apps',
  passkeys: 'Passkeys',
  recoveryCodes: 'Recovery codes left',
  notEnrolled: 'No second factor',
  reset: 'Reset MFA',
  resetConfirm:
    'Reset this user’s MFA? Their authenticator apps, passkeys and recovery codes are removed and they are told by e-mail.',
  resetDone: 'MFA was successfully reset',
  /** The option of Reset password and End all sessions (`removePasskeys`). */
  removePasskeys: (count: number) =>
    count === 1 ? 'Also remove their passkey' : `Also remove their ${count} passkeys`,
  removePasskeysHelp:
    'A passkey signs in without the password: one added by whoever held the account would still work.',
} as const;

/** The second step of a sign-in, when the code is not from an authenticator app. */
export const SECOND_FACTOR_TEXTS = {
  recoveryCodeTitle: 'Enter a recovery code',
  recoveryCodeHelp:
    'Enter one of the recovery codes you saved when you set up multi-factor authentication. Each code works once.',
  recoveryCode: 'Recovery code',
  passkeyTitle: 'Confirm with your passkey',
  passkeyHelp: 'Use a passkey registered for your account to finish signing in.',
  or: 'or',
} as const;
