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
