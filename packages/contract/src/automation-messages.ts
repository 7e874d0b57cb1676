/**
 * The words of API tokens, SCIM provisioning and webhooks (ours, beyond the spec): field messages,
 * toasts, confirmations and screen texts, written once for both sides, in the spec's voice.
 */

export const API_TOKEN_SCOPE_LABELS = {
  read: 'Read only',
  admin: 'Administrator',
  scim: 'SCIM provisioning',
} as const;

export const API_TOKEN_SCOPE_HELP = {
  read: 'Reads what an administrator can see, with client secrets hidden; every change is refused.',
  admin:
    'Reads and changes what an administrator can, except passwords, administrator rights, MFA, sign-in and network settings.',
  scim: 'Only the SCIM 2.0 endpoints at /scim/v2, for an identity provider to provision users and groups.',
} as const;

export const API_TOKEN_EXPIRY_LABELS = {
  '30': '30 days',
  '90': '90 days',
  '365': '1 year',
  custom: 'Custom date',
} as const;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Name is required',
  nameMaxLength: 'Name should be no more than 64 characters long',
  namePattern: 'Name should contain only letters, digits, spaces and punctuation',
  nameTaken: 'An API token with this name already exists',
  scopeRequired: 'Scope is required',
  expiryRequired: 'Expiry is required',
  expiresAtRequired: 'Expiry date is required',
  expiresAtPast: 'Expiry date should be in the future',
  expiresAtTooLate: 'An API token may be valid for at most 2 years',
  notFound: 'API token not found.',
  tooMany: 'A tenant may have at most 50 API tokens. Revoke one you no longer use first.',
  /** A bearer that is not a live token of an active tenant (unknown, revoked or expired). */
  invalid: 'The API token is invalid, expired or revoked.',
  /**
   * An API token calling what only a signed-in user may: their own session and factors, tokens, and the
   * changes that make lasting credentials or decide how people sign in (docs/api-tokens.md lists them).
   */
  sessionOnly: 'This call needs a signed-in user; API tokens cannot make it.',
  /** An API token giving a user a password, on create or update. */
  passwordNeedsPerson: 'Only a signed-in administrator can set a password; API tokens cannot.',
  /** An API token making a user an administrator, on create or update. */
  adminAddressNeedsPerson:
    "Only a signed-in administrator can change an administrator's email address; API tokens cannot.",
  adminNeedsPerson: 'Only a signed-in administrator can grant administrator rights; API tokens cannot.',
  /** An API token asking for a user's second factors (passkeys) to be removed. */
  mfaResetNeedsPerson:
    "Only a signed-in administrator can remove a user's second factors; API tokens cannot.",
  /** A token made inside its creator's MFA grace period, called after it ended with no factor enrolled. */
  mfaGraceOver:
    'This API token was created while its creator had no second factor, and the grace period to set one up is over. It works again once they enrol one; or create a new token.',
  readOnly: 'This API token may only read.',
  scimOnly: 'This API token may only call the SCIM endpoints.',
  notScim: 'This API token has no SCIM scope.',
} as const;

export const API_TOKEN_TEXTS = {
  screenTitle: 'API Tokens',
  intro:
    'API tokens let scripts and other systems call the console API as your organization. Send one as "Authorization: Bearer <token>". A token is shown once, when it is created.',
  create: 'Create API token',
  createTitle: 'Create API token',
  name: 'Name',
  scope: 'Scope',
  expiry: 'Expires in',
  expiresAt: 'Expiry date',
  createdToast: 'API token was successfully created',
  /** The step-up asked of a creator who has a second factor, before the token is made. */
  stepUpTitle: 'Confirm the new API token',
  stepUpMessage: 'An API token acts for your organization until it expires or is revoked.',
  shownOnceTitle: 'Copy your API token',
  shownOnce: 'This is the only time the token is shown. Store it somewhere safe: it cannot be shown again.',
  copy: 'Copy',
  copied: 'Copied to clipboard',
  done: 'Done',
  revoke: 'Revoke',
  revokeTitle: 'Revoke API token',
  revokeConfirm: (name: string) =>
    `Revoke the API token "${name}"? Every call made with it will be refused from now on.`,
  revokedToast: 'API token was successfully revoked',
  empty: 'No API tokens yet',
  emptyHelp: 'Create a token to call the console API from a script or to provision users with SCIM.',
  columns: {
    name: 'Name',
    scope: 'Scope',
    createdBy: 'Created by',
    createdAt: 'Created',
    expiresAt: 'Expires',
    lastUsed: 'Last used',
  },
  never: 'Never',
  expired: 'Expired',
  unknownCreator: 'Unknown user',
  /** The shown-once field's label, and the Actions column of the list. */
  token: 'API token',
  actions: 'Actions',
  revokeLabel: (name: string) => `Revoke ${name}`,
} as const;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Endpoint URL is required',
  urlInvalid: 'Endpoint URL should be an https:// address',
  urlMaxLength: 'Endpoint URL should be no more than 2048 characters long',
  /** The masked URL that list and get show, sent back as a new one. */
  urlMasked: 'Type the whole endpoint URL: the saved one is shown shortened',
  descriptionMaxLength: 'Description should be no more than 255 characters long',
  eventsRequired: 'Choose at least one event',
  notFound: 'Webhook not found.',
  deliveryNotFound: 'Delivery not found.',
  /** The address resolves to a private, loopback or link-local network (the outbound guard). */
  urlNotAllowed: 'This address is not reachable from the console: it belongs to a private network.',
  /** MAX_WEBHOOKS (webhook.ts) in words. */
  limitReached: 'An organization can have at most 20 webhook endpoints.',
} as const;

export const WEBHOOK_EVENT_LABELS = {
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.disabled': 'User disabled',
  'user.deleted': 'User deleted',
  'group.membership_changed': 'Group membership changed',
  'role.permissions_changed': 'Role permissions changed',
  'connection.token_invalid': 'Connection needs re-authorisation',
  'storage.unhealthy': 'Storage unhealthy',
  'license.expiring': 'Licence expiring',
  'license.expired': 'Licence expired',
  'security.ip_range_changed': 'Network access changed',
  'approval.requested': 'Approval requested',
  'approval.decided': 'Approval decided',
} as const;

export const WEBHOOK_STATUS_LABELS = {
  pending: 'Pending',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
} as const;

export const WEBHOOK_TEXTS = {
  screenTitle: 'Webhooks',
  intro:
    'Webhooks tell another system about changes in your organization. Each request is signed as the Standard Webhooks specification describes (webhook-id, webhook-timestamp, webhook-signature, HMAC-SHA256); failed deliveries are retried for 24 hours.',
  create: 'Add endpoint',
  createTitle: 'Add webhook endpoint',
  editTitle: 'Edit webhook endpoint',
  url: 'Endpoint URL',
  description: 'Description',
  events: 'Events to send',
  enabled: 'Enabled',
  createdToast: 'Webhook endpoint was successfully created',
  updatedToast: 'Webhook endpoint was successfully updated',
  deletedToast: 'Webhook endpoint was successfully deleted',
  secretTitle: 'Copy your signing secret',
  secretShownOnce:
    'This is the only time the signing secret is shown. Your endpoint verifies each request with it.',
  deleteTitle: 'Delete webhook endpoint',
  deleteConfirm: (url: string) =>
    `Delete the webhook endpoint ${url}? Deliveries waiting for it are dropped.`,
  empty: 'No webhook endpoints yet',
  emptyHelp: 'Add an endpoint to be told about new users, group changes, licences and more.',
  disabledBecauseFailing: 'Disabled after failing for 24 hours. Fix the endpoint, then enable it again.',
  deliveries: 'Deliveries',
  deliveriesEmpty: 'Nothing was sent to this endpoint yet',
  resend: 'Resend',
  resentToast: 'The event will be sent again',
  columns: {
    url: 'Endpoint URL',
    events: 'Events',
    status: 'Status',
    event: 'Event',
    attempts: 'Attempts',
    response: 'Response',
    duration: 'Duration',
    created: 'Created',
    nextAttempt: 'Next attempt',
    actions: 'Actions',
  },
  /** The shown-once field's label. */
  secret: 'Signing secret',
  disabled: 'Disabled',
  enable: 'Enable',
  disable: 'Disable',
  edit: 'Edit',
  delete: 'Delete',
  enabledToast: 'Webhook endpoint was successfully enabled',
  disabledToast: 'Webhook endpoint was successfully disabled',
  failingSince: (date: string) => `Failing since ${date}`,
  eventCount: (count: number) => (count === 1 ? '1 event' : `${count} events`),
  settings: 'Endpoint settings',
  backToList: 'Back to Webhooks',
  noun: 'Webhook endpoint',
  lastError: 'Last error',
  /** Editing: the URL field starts empty; the saved one is only shown masked. */
  urlKeep: (masked: string) => `Saved as ${masked}. Leave empty to keep it, or type the whole new URL.`,
  rotateSecret: 'Rotate secret',
  rotateTitle: 'Rotate signing secret',
  rotateConfirm:
    'A new signing secret is made and shown once. For 24 hours every request is signed with both the new and the current secret, so your endpoint can switch without missing a delivery; after that only the new one signs.',
  rotatedToast: 'The signing secret was rotated',
  rotatedSecretTitle: 'Copy your new signing secret',
  rotatedShownOnce:
    'This is the only time the new signing secret is shown. The previous one keeps signing beside it for 24 hours.',
  previousSecretUntil: (date: string) => `Previous secret signs too until ${date}`,
  secretHidden: 'Shown only when made or rotated',
  attempts: 'Attempts',
  attemptsTitle: 'Delivery attempts',
  attemptsEmpty: 'Not tried yet',
  attemptsFailed: 'The attempts could not be loaded',
  attemptColumns: {
    attempt: 'Attempt',
    time: 'Time',
    result: 'Result',
    duration: 'Duration',
    error: 'Error',
  },
  close: 'Close',
  sendTest: 'Send test event',
  /** The delivery log's name for a `webhook.test` event. */
  testEvent: 'Test event',
  sendingTest: 'Sending…',
  /** The receiver answered 2xx. */
  testDelivered: (status: number, durationMs: number) =>
    `Test event delivered: the endpoint answered HTTP ${status} in ${durationMs} ms`,
  /** Another status, or no answer (the attempt's error in our words). */
  testFailed: (reason: string) => `Test event failed: ${reason}`,
} as const;

/** What a delivery attempt that got no HTTP answer met (WEBHOOK_ATTEMPT_ERRORS). */
export const WEBHOOK_ATTEMPT_ERROR_LABELS = {
  timeout: 'Timed out',
  'connection-refused': 'Connection refused',
  tls: 'TLS error',
  dns: 'Host not found',
  'address-refused': 'Address not allowed',
  'too-large': 'Answer too large',
  network: 'Network error',
  'sealed-value': 'Stored secret unreadable',
} as const;

/** The user page's switch that puts a user under SCIM provisioning (docs/scim.md). */
export const USER_SCIM_TEXTS = {
  title: 'Provisioning',
  label: 'Managed by SCIM',
  help: "The identity provider's SCIM client may change or remove this user. Users it created are managed; turn it on for an existing user the provider should take over.",
  adminHelp: 'Administrators are never managed by SCIM: only the console changes them.',
  on: 'The user is now managed by SCIM',
  off: 'The user is no longer managed by SCIM',
} as const;

/** What the SCIM endpoints answer in their errors' `detail` (RFC 7644 §3.12). */
export const SCIM_MESSAGES = {
  externalIdTaken: 'A user with this externalId already exists',
  userNameRequired: 'userName is required',
  userNameInvalid: 'userName should be an e-mail address',
  invalidFilter: 'The filter is not valid or names an attribute that cannot be filtered on.',
  invalidPatch: 'The PATCH operation is not supported.',
  invalidPath: 'The attribute path is not supported.',
  readOnly: 'The attribute is read-only.',
  noRole: 'The organization has no role for a new group. Create a role first.',
  notFound: 'Resource not found.',
  invalidBody: 'The request body is not a valid SCIM resource.',
  internal: 'The request failed.',
  notManaged:
    'This user is not managed by SCIM. An administrator can put them under SCIM on their page in the console.',
  adminNotManaged: 'Administrators are never managed by SCIM; only the console changes them.',
  membersNotManaged:
    'The group has members that SCIM does not manage (administrators, or users not put under SCIM).',
  nulCharacter: 'The request contains a NUL character.',
  invalidNumber: 'should be a whole number',
  repeatedParameter: 'should be given once',
  invalidMember: 'members.value should be the id of a user',
  userNameRemoved: 'userName is required and cannot be removed',
  invalidEmail: 'emails.value should be an e-mail address',
  defaultRoleName: 'Read only',
  defaultRoleDescription:
    'Given to the groups an identity provider pushes (SCIM) when the organization had no role. It grants no service access.',
} as const;
