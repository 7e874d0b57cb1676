import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import type { ChipColor } from '../enums.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { idParamsSchema } from './list.js';

/**
 * A connection's health: what the last check of its Salesforce grant found. Checked every hour by the
 * server and on demand ("Check now"); the authorisation state (`status`: pending, connected, failed)
 * says whether a login ever completed, the health says whether the grant still works today.
 */
export const CONNECTION_HEALTH_STATUSES = [
  'Healthy',
  'Degraded',
  'ApiLimitLow',
  'ReauthRequired',
  'MissingPermission',
  'OrgChanged',
] as const;
export const connectionHealthStatusSchema = z.enum(CONNECTION_HEALTH_STATUSES);
export type ConnectionHealthStatus = z.infer<typeof connectionHealthStatusSchema>;

/** Why a connection needs its owner to log in to Salesforce again (status ReauthRequired). */
export const REAUTH_REASONS = [
  'token_revoked_or_expired',
  'user_inactive',
  'org_inactive',
  'app_credentials_invalid',
  'approval_limit_evicted',
] as const;
/** Every reason a check may give; each status has its own (see HEALTH_ADVICE). */
export const CONNECTION_HEALTH_REASONS = [
  ...REAUTH_REASONS,
  'salesforce_unavailable',
  'salesforce_timeout',
  'api_limit_low',
  'api_limit_exceeded',
  'view_setup_missing',
  'org_id_changed',
] as const;
export const connectionHealthReasonSchema = z.enum(CONNECTION_HEALTH_REASONS);
export type ConnectionHealthReason = z.infer<typeof connectionHealthReasonSchema>;

/** Statuses that warn (e-mail once per change, the console's banner): the grant needs a person. */
export const UNHEALTHY_STATUSES = [
  'ReauthRequired',
  'OrgChanged',
  'MissingPermission',
  'ApiLimitLow',
] as const satisfies readonly ConnectionHealthStatus[];
export const isUnhealthy = (status: ConnectionHealthStatus | null | undefined) =>
  status !== null && status !== undefined && (UNHEALTHY_STATUSES as readonly string[]).includes(status);

/** A day's API budget below this share remaining is ApiLimitLow. */
export const API_LIMIT_LOW_SHARE = 0.1;
/** Salesforce keeps five approvals (refresh tokens) per user and connected app; a sixth revokes the oldest. */
export const SALESFORCE_APPROVAL_LIMIT = 5;
/** How many checks the connection page lists, and how many days of API usage it charts. */
export const CONNECTION_CHECKS_SHOWN = 30;
export const CONNECTION_USAGE_DAYS = 30;

export const CONNECTION_HEALTH_LABELS: Record<ConnectionHealthStatus, string> = {
  Healthy: 'Healthy',
  Degraded: 'Degraded',
  ApiLimitLow: 'API limit low',
  ReauthRequired: 'Re-authorization required',
  MissingPermission: 'Missing permission',
  OrgChanged: 'Org changed',
};
export const CONNECTION_HEALTH_COLORS: Record<ConnectionHealthStatus, ChipColor> = {
  Healthy: 'success',
  Degraded: 'warning',
  ApiLimitLow: 'warning',
  ReauthRequired: 'error',
  MissingPermission: 'warning',
  OrgChanged: 'error',
};
/** The chip of a connection no check has reached yet. */
export const CONNECTION_NOT_CHECKED = 'Not checked yet';

/** Each reason in plain words, with what to do about it. */
export const HEALTH_ADVICE: Record<ConnectionHealthReason, { summary: string; action: string }> = {
  token_revoked_or_expired: {
    summary: 'Salesforce no longer accepts the stored token: it was revoked, or it expired unused.',
    action: 'Use Update Token and log in to Salesforce again.',
  },
  user_inactive: {
    summary:
      'The Salesforce user of this connection was deactivated or changed their password, which ends its tokens.',
    action: 'Reactivate the user in Salesforce, or use Update Token and log in as an active user.',
  },
  org_inactive: {
    summary: 'The Salesforce org is locked or inactive.',
    action: 'Ask your Salesforce administrator to reactivate the org, then use Update Token.',
  },
  app_credentials_invalid: {
    summary: "Salesforce refused this platform's connected app credentials.",
    action: 'Contact support: the platform operator must update the connected app settings.',
  },
  approval_limit_evicted: {
    summary:
      'The same Salesforce user authorised this app more than five times; Salesforce revoked this connection, the least recently used one.',
    action: 'Use Update Token, preferably as a Salesforce user of its own for each connection.',
  },
  salesforce_unavailable: {
    summary: 'Salesforce answered with an error. This is usually brief; the check is retried automatically.',
    action: 'Nothing to do unless it lasts; the connection keeps its authorisation.',
  },
  salesforce_timeout: {
    summary: 'Salesforce did not answer in time. The check is retried automatically.',
    action: 'Nothing to do unless it lasts; the connection keeps its authorisation.',
  },
  api_limit_low: {
    summary:
      "Less than 10 % of the org's daily API requests remain; backups may stop until the window resets.",
    action: 'Reduce other integrations’ API use or raise the org’s API allocation with Salesforce.',
  },
  api_limit_exceeded: {
    summary: 'The org has used all of its daily API requests; Salesforce refuses calls until usage drops.',
    action: 'Reduce other integrations’ API use or raise the org’s API allocation with Salesforce.',
  },
  view_setup_missing: {
    summary:
      'The Salesforce user lacks the “View Setup and Configuration” permission, so API limits cannot be read.',
    action: 'Grant the permission to the user in Salesforce, then use Check now.',
  },
  org_id_changed: {
    summary:
      'The org behind this connection has a new org id, as after a sandbox refresh. Backups stay paused so that data of two orgs is never mixed.',
    action: 'Use Update Token and confirm “Rebind” to keep this connection for the refreshed org.',
  },
};

export const connectionHealthSchema = z.object({
  status: connectionHealthStatusSchema,
  reason: connectionHealthReasonSchema.nullable(),
  /** When the last check ran. */
  checkedAt: isoDateSchema,
  /** When the status or reason last changed. */
  changedAt: isoDateSchema,
});
export type ConnectionHealth = z.infer<typeof connectionHealthSchema>;

export const CHECK_TRIGGERS = ['schedule', 'manual', 'login'] as const;

/** One check, as the connection page lists it. */
export const connectionCheckSchema = z.object({
  id: uuidSchema,
  checkedAt: isoDateSchema,
  trigger: z.enum(CHECK_TRIGGERS),
  status: connectionHealthStatusSchema,
  reason: connectionHealthReasonSchema.nullable(),
  apiUsed: z.number().int().nullable(),
  apiMax: z.number().int().nullable(),
  orgId: z.string().nullable(),
  instanceUrl: z.string().nullable(),
  isSandbox: z.boolean().nullable(),
  apiVersion: z.string().nullable(),
  durationMs: z.number().int(),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

/** The org's daily API requests as the last check of each day saw them (a day without checks is left out). */
export const apiUsageSampleSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  used: z.number().int(),
  max: z.number().int(),
});
export type ApiUsageSample = z.infer<typeof apiUsageSampleSchema>;

export const connectionHistorySchema = z.object({
  /** The last CONNECTION_CHECKS_SHOWN checks, newest first. */
  checks: z.array(connectionCheckSchema),
  /** One sample a day over the last CONNECTION_USAGE_DAYS days, oldest first. */
  usage: z.array(apiUsageSampleSchema),
});
export type ConnectionHistory = z.infer<typeof connectionHistorySchema>;

/** The org a connection is pinned to, and the ones it was pinned to before a rebind. */
export const connectionOrgSchema = z.object({
  orgId: z.string().nullable(),
  instanceUrl: z.string().nullable(),
  isSandbox: z.boolean().nullable(),
  apiVersion: z.string().nullable(),
  /** The org id the last check saw when it differs from the pinned one (OrgChanged). */
  observedOrgId: z.string().nullable(),
  earlierOrgIds: z.array(z.object({ orgId: z.string(), until: isoDateSchema })),
});
export type ConnectionOrg = z.infer<typeof connectionOrgSchema>;

/** Connections whose health needs a person, for the console's banner. */
export const unhealthyConnectionsSchema = z.object({
  rows: z.array(
    z.object({
      id: uuidSchema,
      name: z.string(),
      status: connectionHealthStatusSchema,
      reason: connectionHealthReasonSchema.nullable(),
    }),
  ),
  count: z.number().int(),
});
export type UnhealthyConnections = z.infer<typeof unhealthyConnectionsSchema>;

/**
 * Before a Salesforce login: the Salesforce users of the tenant's connections who already hold the
 * approval limit through our app. Logging in as one of them makes Salesforce revoke that user's least
 * recently used token, which is `wouldEvict`.
 */
export const approvalCapQuerySchema = z.object({ connectionId: uuidSchema.optional() });
export const approvalCapSchema = z.object({
  limit: z.number().int(),
  users: z.array(
    z.object({
      username: z.string(),
      connections: z.number().int(),
      wouldEvict: z.object({ id: uuidSchema, name: z.string() }),
    }),
  ),
});
export type ApprovalCap = z.infer<typeof approvalCapSchema>;

/** Texts of the health screens and warnings (ours: the spec has no connection health). */
export const CONNECTION_HEALTH_TEXTS = {
  checked: 'Connection was checked',
  lastChecked: 'Last checked',
  neverChecked: 'Never',
  banner: (names: string[], more: number) =>
    `${names.length + more === 1 ? 'A Salesforce connection needs' : 'Salesforce connections need'} attention: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
  approvalCapTitle: 'Salesforce will revoke another connection',
  approvalCap: (username: string, limit: number, evicted: string) =>
    `${username} already authorised ${limit} connections through this app. Logging in as this user again makes Salesforce revoke the least recently used one: ${evicted}. Log in as another Salesforce user to keep it.`,
  rebindTitle: 'Rebind to the refreshed org?',
  rebind: (orgId: string) =>
    `This connection is pinned to the org ${orgId}. Rebinding lets the next Salesforce login pin it to the org's new id; the connection keeps its name, storage and key, and earlier org ids stay listed.`,
} as const;

export const connectionHealthEndpoints = {
  unhealthy: defineEndpoint({
    method: 'GET',
    path: '/api/v1/connections/unhealthy',
    access: 'admin',
    permission: 'connections:read',
    summary: 'Connections whose last check needs a person (for the console banner)',
    tags: ['Connections'],
    response: unhealthyConnectionsSchema,
  }),
  approvalCap: defineEndpoint({
    method: 'GET',
    path: '/api/v1/connections/approval-cap',
    access: 'admin',
    permission: 'connections:read',
    summary:
      "Salesforce users of the tenant's connections at the approval limit, and which connection a new login would revoke",
    tags: ['Connections'],
    query: approvalCapQuerySchema,
    response: approvalCapSchema,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/v1/connections/:id/checks',
    access: 'admin',
    permission: 'connections:read',
    summary: "A connection's last 30 checks and 30 days of API usage",
    tags: ['Connections'],
    params: idParamsSchema,
    response: connectionHistorySchema,
  }),
} as const;
