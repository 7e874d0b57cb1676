/**
 * What the API answers when it refuses a request for a reason its schemas cannot see: a rule of the
 * organization's data, a link or code that no longer works, a provider that failed. SPEC.md gives none
 * of these texts; ours follow its phrasing, and the console shows them as the server sends them.
 */
export const REFUSALS = {
  user: {
    deleteSelf: 'You cannot delete your own user.',
    disableSelf: 'You cannot disable your own user.',
    enableOnlyDisabled: 'Only a disabled user can be enabled.',
    resetDisabled: 'This user is disabled. Enable the user before resetting their password.',
    emailTaken: 'A user with this email already exists',
    /** An administrator's Reset password while the user's changed address waits for its proof. */
    resetEmailUnproven:
      "This user's new email address has not been confirmed yet, so no password link can be sent to it. Ask the user to open the confirmation link we e-mailed to the new address, then reset the password again.",
  },
  group: {
    userNotMember: 'This user is not in the group.',
  },
  role: {
    inUse: 'This role is assigned to a group. Assign another role to the group first.',
    connectionListedTwice: 'Each connection can be listed once',
    /** A role's permissions for a service the organization does not have ('DevOps is not enabled …'). */
    serviceNotEnabled: (service: string) => `${service} is not enabled for your organization`,
  },
  storage: {
    sharedReadOnly: 'Shared storages cannot be edited or deleted',
    inUse: 'This storage is used by a connection. Delete the connection first.',
  },
  connection: {
    storageUnavailable: 'This storage does not exist or is not available to your organization',
    typeFixed: 'The connection type of an existing connection cannot be changed',
    idMismatch: 'The connection id does not match the address',
  },
  mfaDevice: {
    notConfirmed: 'Confirm this MFA device with a code from your authenticator app before enabling it.',
  },
  icon: {
    tooLarge: (kilobytes: number) => `The image must not be larger than ${kilobytes} KB.`,
    notMultipart: 'Upload the image as multipart/form-data with a file part.',
  },
  /** A change that would give more users a DevOps licence level than the licence has seats for. */
  devopsSeats: (available: number, needed: number) =>
    `Not enough DevOps seats: ${available} available, ${needed} needed.`,
  license: {
    trialUsed: (days: number, product: string) =>
      `The ${days}-day free trial of ${product} has already been started for this organization; it can be started once only.`,
    active: (product: string) => `This organization already has an active ${product} license.`,
    expired: (product: string) =>
      `The ${product} license of this organization has expired. Please contact your success manager to renew or upgrade it.`,
  },
  signIn: {
    /**
     * ForceResetPasswordException at login, by password (the one the reset erased) or by passkey: the
     * reset link went to the user's mailbox, and only that link sets a new password.
     */
    passwordReset:
      'Your administrator reset your password, so it no longer works. Open the link in the e-mail we sent you to set a new password, then log in.',
  },
  /** RATE_LIMITED, with the wait in words ('30 seconds', '4 minutes'). */
  tooManyAttempts: (wait: string) => `Too many attempts. Please try again in ${wait}.`,
} as const;

/** INVALID_CODE: one-time links and codes that no longer work, each telling what to do next. */
export const CODE_REFUSALS = {
  passwordResetLink: {
    invalid: 'This password reset link is not valid. Please ask for a new one.',
    used: 'This password reset link has already been used. Please ask for a new one.',
    expired: 'This password reset link has expired. Please ask for a new one.',
  },
  verificationLink: {
    invalid: 'This verification link is not valid.',
    used: 'This verification link has already been used. You can log in.',
    expired: 'This verification link has expired. We can send you a new one.',
    /** A newer verification e-mail was sent since, and the organization still waits for its link. */
    replaced:
      'This verification link was replaced by a newer one. Your organization is not verified yet: open the link in the latest e-mail we sent you.',
  },
  /** The link mailed to a changed address to prove it. */
  emailProofLink: {
    invalid: 'This confirmation link is not valid.',
    used: 'This confirmation link has already been used or replaced by a newer one.',
    expired: 'This confirmation link has expired. We can send you a new one.',
  },
  /** The e-mailed login code. */
  loginCode: 'The verification code is incorrect or has expired.',
} as const;

/** Why an identity provider's issuer cannot be used, on the issuer field (no provider text, no secret). */
export const ISSUER_MESSAGES = {
  address: "The issuer's address is in a private or reserved network that this server may not reach",
  unreachable: 'The issuer could not be reached',
  timeout: 'The issuer did not answer in time',
  'too-large': "The issuer's answer was too large",
  discovery: 'The issuer did not answer with an OpenID Connect configuration',
  authorization: "The issuer's authorization endpoint is not on the issuer's own address",
} as const;

/** Why a connection's Salesforce login failed: its `lastError`, shown on the connections screen. */
export const SALESFORCE_LOGIN_FAILURES = {
  unreachable: 'Salesforce could not be reached. Use Update Token to try again.',
  appRejected: 'Salesforce did not accept the connected app settings of this server (client id or secret).',
  /** `reason` is Salesforce's own, made readable; empty when it gave none. */
  loginRejected: (reason: string) =>
    `Salesforce did not accept the login${reason ? ` (${reason})` : ''}. Use Update Token to try again.`,
  noToken: 'Salesforce answered the login with no usable token.',
  noUser: 'Salesforce did not tell which user logged in. Use Update Token to try again.',
  denied: 'Access was denied at the Salesforce login. Use Update Token to try again.',
  noCode: 'Salesforce sent no authorization code. Use Update Token to try again.',
  notAuthorized: (reason: string) => `Salesforce could not authorize the connection (${reason}).`,
  /** A Sandbox connection's login to another org without "Rebind" (the org id is the pinned one). */
  otherSandboxOrg: (orgId: string) =>
    `The login was to another Salesforce org than this connection's (${orgId}). If the sandbox was refreshed, use Update Token again and confirm Rebind; otherwise log in to the org ${orgId}.`,
  /** Refused whatever the administrator confirmed, and recorded as a security event. */
  otherProductionOrg: (orgId: string, loginOrgId: string) =>
    `The login was to another Salesforce org (${loginOrgId}) than this Production connection's (${orgId}). A Production connection never changes org; the attempt is in the audit trail. Log in to the org ${orgId}, or create a connection for the other org.`,
} as const;
