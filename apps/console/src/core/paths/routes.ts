/**
 * Every screen of the console by its route name (SPEC.md §2), and its path. Links are built from these
 * by the builders of `links.ts` (e.g. `toConnectedApp(id)`), never typed by hand.
 */
export const routes = {
  home: '/',
  'auth.login': '/auth/login',
  'auth.change-password': '/auth/change-password',
  'auth.insufficient-access': '/auth/insufficient-access',
  /** The link mailed to a user's changed address, which proves it. */
  'auth.confirm-email': '/auth/confirm-email',
  'tenants.new': '/tenants/new',
  'tenants.wait-verification': '/tenants/wait-verification',
  'tenants.verify': '/tenants/verify',
  'licenses.index': '/licenses',
  'users.index': '/users',
  'users.show': '/users/:userId',
  'roles.index': '/roles',
  'roles.create': '/roles/create',
  'roles.show': '/roles/:roleId',
  'roles.edit': '/roles/:roleId/edit',
  'groups.index': '/groups',
  'groups.show': '/groups/:groupId',
  'groups.edit': '/groups/:groupId/edit',
  'connections.index': '/connections',
  'connections.show': '/connections/:connectionId',
  'storages.index': '/storages',
  'storages.show': '/storages/:storageId',
  'applications.index': '/applications',
  'applications.show.index': '/applications/:applicationId',
  'applications.edit': '/applications/:applicationId/edit',
  'identity-providers.index': '/identity-providers',
  'identity-providers.create': '/identity-providers/create',
  'identity-providers.show': '/identity-providers/:identityProviderId',
  'identity-providers.edit': '/identity-providers/:identityProviderId/edit',
  /** Where a SAML Test sign-in lands (the contract's samlTestResultPage). */
  'identity-providers.test-result': '/identity-providers/:identityProviderId/test-sign-in/:resultId',
  'mfa.index': '/mfa',
  'mfa.show': '/mfa/:mfaId',
  'mfa.edit': '/mfa/:mfaId/edit',
  /** Where a user whom the tenant's MFA policy requires a second factor adds one, right after signing in. */
  'mfa.enrolment': '/mfa-enrolment',
  /** Security → Domains: the e-mail domains the tenant proves it owns through DNS. */
  'domains.index': '/domains',
  'ip-ranges.index': '/ip-ranges',
  'ip-ranges.show': '/ip-ranges/:ipRangeId',
  /** Security → Authentication: the tenant's MFA requirement and password policy. */
  'auth-policy.index': '/authentication',
  /** Security → API Tokens and Webhooks: calling the API from scripts, and being told about changes. */
  'api-tokens.index': '/api-tokens',
  /** Security → Provisioning (SCIM): the SCIM base URL, its tokens and the identity providers' set-up. */
  'provisioning.index': '/provisioning',
  'webhooks.index': '/webhooks',
  'log-streams.index': '/log-streams',
  'webhooks.show': '/webhooks/:webhookId',
  /** Approvals (four-eyes): the inbox of requests, and which changes need approval. */
  'approvals.index': '/approvals',
  'approvals.settings': '/approvals/settings',
  'sessions.mine': '/my-sessions',
  'audit.index': '/audit-log',
  /** The first page of Owners and Security administrators (docs/security-overview.md). */
  'security-overview.index': '/security-overview',
  /** Settings → Support access: the windows an Owner grants the platform's support team. */
  'support-access.index': '/settings/support-access',
} as const;

export type RouteName = keyof typeof routes;

/** Where non-administrators land: the first (and only) link that is not admin-only (SPEC.md §6). */
export const FIRST_USER_ROUTE = routes['mfa.index'];

const PUBLIC_PATHS: readonly string[] = [
  routes['auth.login'],
  routes['auth.change-password'],
  routes['auth.insufficient-access'],
  routes['auth.confirm-email'],
  routes['tenants.new'],
  routes['tenants.wait-verification'],
  routes['tenants.verify'],
];

/** Screens that render without the shell and without a session. */
export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

export const isAuthPath = (pathname: string): boolean => pathname.startsWith('/auth/');
