/**
 * The console's own words that SPEC.md §2 gives exactly: the names of its screens and sidebar sections,
 * the titles of its modals, and the buttons and links it names. Kept beside the messages both sides use
 * (messages.ts), so that a spec text is written once.
 */

/** The screens as the sidebar lists them and their list pages are titled (SPEC.md §2 Shell). */
export const SCREEN_NAMES = {
  licenses: 'Licenses',
  users: 'Users',
  roles: 'Roles',
  groups: 'Groups',
  connections: 'Connections',
  storages: 'Storages',
  connectedApps: 'Connected Apps',
  identityProviders: 'Identity Providers',
  networkAccess: 'Network Access',
  mfaDevices: 'MFA Devices',
} as const;

/** The sidebar's groups (SPEC.md §2 Shell). */
export const NAV_SECTIONS = {
  userManagement: 'User Management',
  environment: 'Environment',
  security: 'Security',
} as const;

/** Titles of details screens ('{noun}: {name}'), screens and modals as SPEC.md §2 words them. */
export const SCREEN_TITLES = {
  /** 'Connected App: {name}'. */
  connectedApp: 'Connected App',
  /** 'User: {first} {last}'. */
  user: 'User',
  createConnectedApp: 'Create Connected App',
  createUser: 'Create user',
  createRole: 'Create Role',
  /** 'Edit role', then 'Edit role: {name}' once the role has loaded. */
  editRole: 'Edit role',
  addConnections: 'Add Connections',
  forgotPassword: 'Forgot Your Password?',
  mfaCode: 'Enter 6-digit verification code',
  verifyEmail: 'Verify your email',
} as const;

/** Buttons and links that SPEC.md §2 names. */
export const ACTION_LABELS = {
  resetPassword: 'Reset password',
  /** The MFA code modal's submit. */
  login: 'Login',
  useTenantName: 'Use tenant name',
  logInWithEmail: 'Log In with email',
  differentEmail: 'Login with a different email',
  differentTenantName: 'Login with a different tenant name',
  differentTenant: 'Select a different tenant',
  forgotPassword: 'Forgot password',
  signIn: 'Sign in!',
  createConnection: 'Create connection',
  updateToken: 'Update Token',
  deleteConnection: 'Delete Connection',
  addConnections: 'ADD CONNECTIONS',
  regenerateSecret: 'Regenerate secret',
  startFreeTrial: 'START FREE TRIAL',
} as const;

/** The list screens' search box (SPEC.md §2 Connected Apps). */
export const SEARCH_PLACEHOLDER = 'Search for value';

/** The authorized URLs beyond the first ones a details card shows (SPEC.md §2 Connected Apps). */
export const andMore = (count: number) => `and ${count} more`;

/** The page of the link mailed to a changed address (/auth/confirm-email?token=…); ours, not the spec's. */
export const EMAIL_PROOF_PAGE = {
  pendingTitle: 'Confirming your email',
  provenTitle: 'Your email address is confirmed',
  proven: (email: string, tenantName: string) =>
    `${email} is now the confirmed address of your account in the organization ${tenantName}. Password resets and login codes are sent to it again.`,
  failedTitle: 'Your email address could not be confirmed',
  incompleteLink: 'This confirmation link is not complete. Open the link from the e-mail again.',
  resendHint: (days: number) =>
    `Links expire after ${days} days. Enter your new email address and we will send you a new one.`,
  resendButton: 'Send a new link',
  logIn: 'Log in',
  backToLogin: 'Back to login',
  /** The answer is the same for any address, so the toast claims no more than that. */
  resent: 'We have sent a new confirmation link if that address is waiting for one.',
} as const;

/** The Create connection dialog's storage field of an organization without storages (ours). */
export const CONNECTION_STORAGE_WORDS = {
  none: 'No storages yet: backups of this org need somewhere to go. Add one; it is chosen here at once.',
  add: 'Add a storage',
} as const;
