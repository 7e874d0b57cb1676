/**
 * Every user-facing text both sides must agree on. The spec's words are kept exactly, spelling included
 * (SPEC.md §5 validation, §8 toasts, confirmations and warnings). Texts the spec does not give are ours and
 * are marked so; they follow the spec's own phrasing so that the console reads as one voice.
 */

/** '{Field} is required' — the spec's wording for every required field. */
const required = (field: string) => `${field} is required`;
/** 'Name should have at least 4 symbols'. */
const minLength = (field: string, n: number) => `${field} should have at least ${n} symbols`;
/** 'Name should have less than 64 symbols' — the spec says "less than" for an inclusive maximum. */
const maxLength = (field: string, n: number) => `${field} should have less than ${n} symbols`;
/** Latin letters, digits, '-' and '_' (tenant, connection and storage names). */
const latinOnly = (field: string) =>
  `${field} should contain only latin letters in upper or lower case, digits and "-", "_" symbols`;
/** Latin letters, digits, spaces, '-' and '_' (group and IP range names; wording ours, after latinOnly). */
const latinWithSpaces = (field: string) =>
  `${field} should contain only latin letters in upper or lower case, digits, spaces and "-", "_" symbols`;
/** Letters of any script, digits, spaces, '-' and '_' (application names; wording ours). */
const lettersWithSpaces = (field: string) =>
  `${field} should contain only letters, digits, spaces and "-", "_" symbols`;
/** Letters of any script, digits, '-' and '_' (MFA device names; wording ours). */
const lettersOnly = (field: string) => `${field} should contain only letters, digits and "-", "_" symbols`;
/** Free text (descriptions, role and identity provider names): no markup characters (ours). */
const plainText = (field: string) => `${field} should contain only letters, digits, spaces and punctuation`;
/** Storage credentials use their own grammar, kept as the spec gives it. */
const minCharacters = (n: number) => `Minimum length is ${n} characters`;
const maxCharacters = (n: number) => `Maximum length is ${n} characters`;
const onlySpaces = (field: string) => `${field} cannot be contain only spaces`;
/** An IP address field that is not a valid address (ours). */
const ipAddressInvalid = (field: string) => `${field} should be a valid IPv4 or IPv6 address`;

export const MESSAGES = {
  required,
  minLength,
  maxLength,
  latinOnly,
  latinWithSpaces,
  lettersWithSpaces,
  lettersOnly,
  plainText,
  minCharacters,
  maxCharacters,
  onlySpaces,
  ipAddressInvalid,

  emailRequired: 'Email is required',
  emailInvalid: 'Email should be valid',

  /** Not worded by the spec; follows '{Field} is required'. */
  passwordRequired: 'Password is required',
  passwordMinLength: 'Password should have at least 8 symbols',
  passwordMaxLength: 'Password should be less than 64 symbols',
  passwordLetter: 'Password should have at least 1 letter',
  passwordDigit: 'Password should have at least 1 digit',
  passwordSpecial: 'Password should have at least 1 special symbol',
  passwordsNotSame: 'Passwords are not the same',
  /** The current password has no rules but cannot be empty (ours). */
  currentPasswordRequired: 'Current password is required',
  /** A wrong current password, when changing it or confirming a sensitive change (ours). */
  currentPasswordIncorrect: 'Current password is incorrect',

  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',

  totpRequired: 'TOTP is required',
  totpLength: 'TOTP length is incorrect',
  mfaCodeRequired: 'Please, enter 6-digit verification code',
  mfaCodeLength: 'Code must have 6 symbols',
  mfaCodeDigits: 'Code should contain only numbers',
  verificationCodeRequired: 'Verification code is required',
  /** A 6-digit code that none of the user's authenticator devices gives now (ours). */
  mfaCodeIncorrect: 'The verification code is incorrect.',
  /** The TOTP step after a provider sign-in was left too long, or its ticket was used. */
  ssoTicketExpired: 'This sign-in has expired. Please sign in again.',
  /** Disabling, deleting or resetting an enabled MFA device asks for a current factor first (ours). */
  mfaStepUpRequired: 'Enter a code from your authenticator app or your password to confirm',

  tenantNameRequired: required('Tenant name'),
  tenantNameMinLength: minLength('Tenant name', 4),
  tenantNameMaxLength: maxLength('Tenant name', 32),
  tenantNamePattern: latinOnly('Tenant name'),

  nameRequired: 'Name is required',
  applicationNameMinLength: minLength('Name', 4),
  applicationNameMaxLength: maxLength('Name', 64),
  applicationNamePattern: lettersWithSpaces('Name'),

  groupNameMinLength: minLength('Name', 4),
  groupNameMaxLength: maxLength('Name', 80),
  groupNamePattern: latinWithSpaces('Name'),
  descriptionMaxLength: maxLength('Description', 255),
  descriptionPattern: plainText('Description'),
  roleRequired: 'Role is required',

  roleNameMaxLength: maxLength('Name', 80),

  ipRangeNameMinLength: minLength('Name', 4),
  ipRangeNameMaxLength: maxLength('Name', 64),
  ipRangeNamePattern: latinWithSpaces('Name'),
  startIpRequired: required('Start IP address'),
  endIpRequired: required('End IP address'),
  startIpInvalid: ipAddressInvalid('Start IP address'),
  endIpInvalid: ipAddressInvalid('End IP address'),
  /** Ours: a range cannot mix IPv4 and IPv6 or run backwards. */
  ipRangeVersionMismatch: 'Start and end IP addresses should be of the same version',
  ipRangeOrder: 'End IP address should not be less than the start IP address',

  connectionMethodRequired: 'Connection method is required',
  valueRequired: 'Value must be set!',
  /** Ours: issuers are fetched by the server, so only absolute https URLs are taken. */
  issuerInvalid: 'Issuer should be an absolute https URL',
  /** Ours: the stored client secret is never sent to another issuer than the one it was entered for. */
  clientSecretForNewIssuer: 'Enter the client secret again when the issuer changes',
  /** Ours: the spec only says the button image must be svg. */
  iconMustBeSvg: 'Button image must be an SVG file',

  mfaNameMinLength: minLength('Name', 4),
  mfaNameMaxLength: maxLength('Name', 64),
  mfaNamePattern: lettersOnly('Name'),

  /** Token lifetimes: the spec shows these bounds as hints; the wording is ours. */
  refreshTokenLifetimeRange: 'Refresh token lifetime should be between 5 minutes and 365 days',
  accessTokenLifetimeRange: 'Access token lifetime should be between 1 minute and 1 day',
  accessTokenLifetimeExceedsRefresh:
    'Access token lifetime should not be greater than refresh token lifetime',

  /** Authorized URLs (ours: the spec gives no texts). */
  callbackUrlRequired: 'At least one callback URL is required',
  urlInvalid: 'URL should be an absolute http:// or https:// address',
  urlFragment: 'URL should not contain a fragment (#)',
  /** RFC 8252 §7.3 / RFC 9700 §2.6: plain http only back to the user's own machine. */
  urlInsecure: 'URL should start with https:// (http:// only for localhost or a loopback address)',

  connectionNameMinLength: minLength('Name', 3),
  connectionNameMaxLength: maxLength('Name', 64),
  connectionNamePattern: latinOnly('Name'),
  connectionTypeRequired: 'Connection type is required',
  storageRequired: 'Storage is required',
  /** A storage or encryption key sent by a tenant without Backup and Archive. */
  backupOnlyConnectionSettings:
    'Storage and encryption key are only for organizations with Backup and Archive',
  encryptionKeyRequired: 'Encryption Key is required.',
  encryptionKeyMaxLength: 'Encryption Key cannot exceed 16 characters.',
  fieldRequired: 'This field is required',
  connectionNameMismatch: 'The connection name must match',

  /** '{Field} is required' for the storage type select. */
  storageTypeRequired: required('Storage type'),

  licensesRequired: 'Licenses must be selected to proceed.',
  /** Ours: the banner goes on to name the product tab still without a licence level. */
  licensesRequiredIn: (product: string) => `Choose a license level on the ${product} tab.`,
  /** Ours: the two DevOps levels are a radio, never both. */
  licenceLevelConflict: 'Choose either Full access or Read access',
  /** Ours: what the Read level forces (SPEC.md §6). */
  devopsReadAccessLimits:
    'Read access allows only pipeline executions, reading pull requests and no retrieve, validate or deploy',

  /** Ours: one save of a group both adding and removing the same user. */
  groupUserAddedAndRemoved: 'A user cannot be added to and removed from the group at once',
  /** Ours: an id field holding something that is not an id. */
  invalidId: 'Invalid identifier',
  /** Ours: a list's `after` that no answer of ours gave (tampered with, or cut short). */
  invalidCursor: 'This page link is not valid; start again from the first page',
  /** Ours: the audit trail's filters. */
  auditActorInvalid: 'Actor should be a user id or an e-mail address',
  auditDateInvalid: 'Date should be an ISO 8601 date and time with a time zone, such as 2026-01-31T09:00:00Z',
  auditDateOrder: 'The end date should not be before the start date',
  auditActionInvalid:
    'Action should be one of the actions the audit trail records, such as update or sign-in',
  auditOutcomeInvalid: 'Outcome should be success or failure',
  auditLimitRange: 'Limit should be a whole number from 1 to 200',
  auditExportFormat: 'Format should be csv',
  /** Ours: a field whose check gave no message of its own. */
  invalidValue: 'Invalid value',
  /** Ours: text with a NUL character or half of a surrogate pair, which no database column can hold. */
  unstorableText: 'This value contains characters that are not allowed.',
} as const;

export const TOASTS = {
  tenantNameUpdated: 'Tanant name was successfully updated',
  passwordUpdated: 'Password was successfully updated',
  passwordChanged: 'Password was successfully changed',
  clientSecretRegenerated: 'Client secret was successfully regenerated',
  applicationDisabled: 'Application was successfully disabled',
  applicationEnabled: 'Application was successfully enabled',
  applicationDeleted: 'Application was successfully deleted',
  copiedToClipboard: 'Copied to clipboard',
  loggedOut: 'You were successfully logged out',
  usersUpdated: 'Users updated successfully',
  groupUpdated: 'Group updated successfully',
  groupDeleted: 'Group was successfully deleted',
  identityProviderCreated: 'Identity Provider was successfully created',
  identityProviderUpdated: 'Identity Provider was successfully updated',
  identityProviderEnabled: 'Identity Provider was successfully enabled',
  identityProviderDisabled: 'Identity Provider was successfully disabled',
  identityProviderDeleted: 'IdentityProvider was successfully deleted',
  ipRangeDeleted: 'Permitted IP was successfully deleted',
  ipRangeUpdated: 'Permitted IP was successfully updated',
  mfaDeviceDeleted: 'MFA device was successfully deleted',
  mfaDeviceEnabled: 'MFA device was successfully enabled',
  mfaDeviceDisabled: 'MFA device was successfully disabled',
  mfaDeviceUpdated: 'MFA device was successfully updated',
  roleDeleted: 'Role was successfully deleted',
  connectionDeleted: 'Connection was successfully deleted',
  storageDeleted: 'Storage was successfully deleted',
  organizationUpdated: 'Organization was successfully updated',

  // Ours: the spec names no toast for these successes; same phrasing as its own.
  applicationCreated: 'Application was successfully created',
  applicationUpdated: 'Application was successfully updated',
  groupCreated: 'Group was successfully created',
  ipRangeCreated: 'Permitted IP was successfully created',
  mfaDeviceCreated: 'MFA device was successfully created',
  roleCreated: 'Role was successfully created',
  roleUpdated: 'Role was successfully updated',
  userCreated: 'User was successfully created',
  userUpdated: 'User was successfully updated',
  userDeleted: 'User was successfully deleted',
  userPasswordReset: 'Password reset e-mail was successfully sent',
  /** Fallback only: on storage create the server's own message is shown. */
  storageCreated: 'Storage was successfully created',
  storageUpdated: 'Storage was successfully updated',
  trialStarted: 'Trial was successfully started',
  /** Info, not success: the Add Connections modal only fills the role's form; Save keeps them. */
  connectionsAddedToForm: 'Connections added. Save the role to keep them.',
} as const;

/** The §4 warning shown by Disable, Regenerate secret and Delete of a connected app. */
const APPLICATION_SESSIONS_WARNING = 'All active sessions and related authorization data will be removed.';

export const CONFIRMATIONS = {
  deleteGroup: 'Are you sure you want to delete this group?',
  disableIdentityProvider: 'Disable Identity Provider?',
  deleteIdentityProvider: 'Delete Identity Provider?',
  deleteIpRange: 'Confirm deletion of this IP range?',
  deleteMfaDevice: 'Are you sure to delete this MFA device?',
  /** Enable/disable MFA confirmations are named by the spec but not worded; ours follow deleteMfaDevice. */
  enableMfaDevice: 'Are you sure to enable this MFA device?',
  disableMfaDevice: 'Are you sure to disable this MFA device?',
  deleteRole: 'Are you sure you want to delete this role?',
  deleteUser: 'Are you sure you want to delete this user?',
  changeGroupRole: 'Are you sure you want to change the role?',
  changeGroupRoleDetail: 'All assigned users will be removed from the group!',
  deleteConnection: 'This action is irreversible. Please be certain.',
  /** Connected app titles are ours; the warning beneath them is the spec's. */
  disableApplication: 'Disable Connected App?',
  regenerateClientSecret: 'Regenerate client secret?',
  deleteApplication: 'Delete Connected App?',
  applicationSessionsWarning: APPLICATION_SESSIONS_WARNING,
  /** Ours: leaving or closing a form with changes that were not saved. */
  discardChanges: 'Discard unsaved changes?',
  discardChangesDetail: 'Your changes have not been saved. If you leave now, they are lost.',
} as const;

export const WARNINGS = {
  noTenantsForEmail: 'No Tenants found for this email',
  selectTenant: 'Please select a tenant',
  mfaDeviceAlreadyEnabled: 'This MFA device is already enabled',
  mfaDeviceAlreadyDisabled: 'This MFA device is already disabled',
  mfaDeviceNameSame: 'New MFA device name is the same',
} as const;

/** What the API answers for an item that does not exist in the caller's organization (404, or a field). */
export const NOT_FOUND = {
  user: 'User not found.',
  role: 'Role not found.',
  group: 'Group not found.',
  storage: 'Storage not found.',
  connection: 'Connection not found.',
  application: 'Connected app not found.',
  identityProvider: 'Identity provider not found.',
  icon: 'Icon not found.',
  ipRange: 'IP range not found.',
  approvalRequest: 'Approval request not found.',
  mfaDevice: 'MFA device not found.',
  tenant: 'Tenant not found.',
  /** Ours: a session that ended or is not the user's. */
  session: 'Session not found.',
} as const;

/** What the API answers when a name is already used in the organization (409 on the name field). */
export const NAME_TAKEN = {
  role: 'A role with this name already exists',
  group: 'A group with this name already exists',
  storage: 'A storage with this name already exists',
  connection: 'A connection with this name already exists',
  application: 'An app with this name already exists',
  identityProvider: 'An identity provider with this name already exists',
  ipRange: 'An IP range with this name already exists',
  mfaDevice: 'An MFA device with this name already exists',
  tenant: 'This tenant name is already taken',
} as const;

export const APP_SWITCHER_UNKNOWN_SERVICE = 'AppSwitcher: unknown service';

/** The expired-licence modal (SPEC.md §2 Licenses); its body text is ours. */
export const LICENSE_EXPIRED_TITLE = 'Access to this app has expired';
export const LICENSE_EXPIRED_TEXT = 'Please contact your success manager to renew or upgrade your license.';

/** Empty dropdowns: the spec shows both wordings; pickers use the first, plain selects the second. */
export const NO_DATA_AVAILABLE = 'No data available';
export const NO_DATA = 'No Data';

/** Identity provider button text when left empty: 'Connect' plus the provider name. */
export const defaultButtonText = (providerName: string) => `Connect ${providerName.trim()}`.trim();
