import type { ServiceKey } from '@skyvault/contract';
import { generatePath } from 'react-router';
import { LICENSE_TAB_NAMES } from '../licenseProducts';
import { routes } from './routes';

/**
 * The link to every screen, built from its route (never typed by hand). They live below the features
 * so that a screen links to another feature's screen, and the error handler sends to the login page,
 * without importing that feature (whose route list loads its pages).
 */

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** The tab of a product in the URL (?tab=backup or ?tab=devops), as the Licenses screen names it. */
const withTab = (path: string, product?: ServiceKey) =>
  product ? `${path}?tab=${LICENSE_TAB_NAMES[product]}` : path;

export interface LoginLinkOptions {
  /** Where to go once signed in (a console path, see safeRedirectTarget). */
  redirectTo?: string;
  /** Shows 'Please log in to continue.' above the form. */
  authorized?: boolean;
  /** Prefills the credential flow, e.g. right after an organization was verified. */
  tenantName?: string;
  email?: string;
}

/** Login, optionally coming back to `redirectTo` (a console path) once signed in. */
export const toLogin = (options: LoginLinkOptions = {}): string =>
  withQuery(routes['auth.login'], {
    redirectTo: options.redirectTo,
    authorized: options.authorized ? 'true' : undefined,
    tenantName: options.tenantName,
    email: options.email,
  });

/** The forced password change of SPEC.md §8, with the code the API answered. */
export const toChangePassword = (options: { code: string; redirectTo?: string }): string =>
  withQuery(routes['auth.change-password'], { code: options.code, redirectTo: options.redirectTo });

/**
 * Browsers drop tabs and line breaks from URLs and read '\\' as '/', so '/\t/evil.example' would mean
 * '//evil.example'.
 */
const isUrlConfusable = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return char === '\\' || code < 0x20 || code === 0x7f;
};

/**
 * The `redirectTo` target if it is a path of this site, otherwise undefined. An absolute or
 * protocol-relative URL would turn the login page into an open redirect.
 */
export function safeRedirectTarget(redirectTo: string | null | undefined): string | undefined {
  if (!redirectTo?.startsWith('/') || redirectTo.startsWith('//') || [...redirectTo].some(isUrlConfusable)) {
    return undefined;
  }
  return redirectTo;
}

/**
 * Sign-up of a new organization, the screen that asks to verify the e-mail, and the link's target.
 * `email` fills the form's address (an address the login found no tenant for).
 */
export const toSignUp = (email?: string): string =>
  email ? `${routes['tenants.new']}?${new URLSearchParams({ email })}` : routes['tenants.new'];

/** The e-mail the verification went to, so the page can offer to send it again. */
export const toWaitVerification = (email?: string): string =>
  email
    ? `${routes['tenants.wait-verification']}?${new URLSearchParams({ email })}`
    : routes['tenants.wait-verification'];

/** The Licenses screen, on the tab of one product (the first enabled one when none is given). */
export const toLicenses = (product?: ServiceKey): string => withTab(routes['licenses.index'], product);

/** The Users screen. */
export const toUsers = (): string => routes['users.index'];
/** One user's details (SPEC.md §2: /users/{userId}); other screens link their users here. */
export const toUser = (userId: string): string => generatePath(routes['users.show'], { userId });

export const toRoles = (): string => routes['roles.index'];
export const toRoleCreate = (): string => routes['roles.create'];
export const toRole = (roleId: string, product?: ServiceKey): string =>
  withTab(generatePath(routes['roles.show'], { roleId }), product);
export const toRoleEdit = (roleId: string, product?: ServiceKey): string =>
  withTab(generatePath(routes['roles.edit'], { roleId }), product);

/** The Groups screen. */
export const toGroups = (): string => routes['groups.index'];
/** One group's details (SPEC.md §2: /groups/{groupId}); the users screens link their groups here. */
export const toGroup = (groupId: string): string => generatePath(routes['groups.show'], { groupId });
export const toGroupEdit = (groupId: string): string => generatePath(routes['groups.edit'], { groupId });

/** The Connections screen. */
export const toConnections = (): string => routes['connections.index'];
/** One connection's page: its health, checks, API usage and org; the banner links its names here. */
export const toConnection = (connectionId: string): string =>
  generatePath(routes['connections.show'], { connectionId });

/** The Storages screen. */
export const toStorages = (): string => routes['storages.index'];
/** One storage's page: its health, properties and checks; the banner and connection pages link here. */
export const toStorage = (storageId: string): string => generatePath(routes['storages.show'], { storageId });

/** Connected Apps: the OAuth clients of SPEC.md §2. */
export const toConnectedApps = (): string => routes['applications.index'];
export const toConnectedApp = (applicationId: string): string =>
  generatePath(routes['applications.show.index'], { applicationId });
export const toConnectedAppEdit = (applicationId: string): string =>
  generatePath(routes['applications.edit'], { applicationId });

/** Identity Providers: the tenant's external sign-in providers (SPEC.md §2). */
export const toIdentityProviders = (): string => routes['identity-providers.index'];
export const toIdentityProviderCreate = (): string => routes['identity-providers.create'];
export const toIdentityProvider = (identityProviderId: string): string =>
  generatePath(routes['identity-providers.show'], { identityProviderId });
export const toIdentityProviderEdit = (identityProviderId: string): string =>
  generatePath(routes['identity-providers.edit'], { identityProviderId });

/** Domains: the tenant's verified e-mail domains (Security). */
export const toDomains = (): string => routes['domains.index'];

/** MFA Devices: the signed-in user's own authenticator apps (SPEC.md §2). */
export const toMfaDevices = (): string => routes['mfa.index'];

/**
 * The MFA enrolment page (the tenant requires a second factor), coming back to `redirectTo` (a console
 * path) once a factor is added or enrolment is skipped. The login page sends there after the password.
 */
export const toMfaEnrolment = (options: { redirectTo?: string } = {}): string =>
  withQuery(routes['mfa.enrolment'], { redirectTo: options.redirectTo });

/** Every browser the signed-in user is signed in with. */
export const toMySessions = (): string => routes['sessions.mine'];
export const toSupportAccess = (): string => routes['support-access.index'];
export const toMfaDevice = (mfaId: string): string => generatePath(routes['mfa.show'], { mfaId });
export const toMfaDeviceEdit = (mfaId: string): string => generatePath(routes['mfa.edit'], { mfaId });

/** The Network Access screen. */
export const toNetworkAccess = (): string => routes['ip-ranges.index'];
/** One permitted range's details (SPEC.md §2: /ip-ranges/{ipRangeId}). */
export const toIpRange = (ipRangeId: string): string => generatePath(routes['ip-ranges.show'], { ipRangeId });

/** Security → Authentication: the tenant's MFA policy and breached-password check. */
export const toAuthPolicy = (): string => routes['auth-policy.index'];

/** Security → Webhooks, and one endpoint with its delivery log. */
export const toWebhooks = (): string => routes['webhooks.index'];
export const toWebhook = (webhookId: string): string => generatePath(routes['webhooks.show'], { webhookId });

/** Approvals: the inbox (on one of its tabs), and which changes need approval. */
export const toApprovals = (status?: 'pending' | 'decided' | 'mine'): string =>
  withQuery(routes['approvals.index'], { status: status === 'pending' ? undefined : status });
export const toApprovalSettings = (): string => routes['approvals.settings'];

/** The audit trail's filters as the Audit Log screen keeps them in its URL (each optional, all combine). */
export interface AuditLogFilters {
  actor?: string;
  action?: string;
  resourceType?: string;
  resourceId?: string;
  /** ISO 8601 with a time zone, as the API takes them. */
  from?: string;
  to?: string;
  outcome?: 'success' | 'failure';
}

/** The Audit Log, filtered; a details screen's History opens it on its item (resourceType + resourceId). */
export const toAuditLog = (filters: AuditLogFilters = {}): string =>
  withQuery(routes['audit.index'], { ...filters });
