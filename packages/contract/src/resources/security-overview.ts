import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { enumOf, oneOfMessage } from '../enums.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import type { AUDIT_ACTIONS } from './audit-actions.js';
import { connectionHealthStatusSchema } from './connection-health.js';

/**
 * The security overview (ours; issue 37, docs/security-overview.md): the console's first page for
 * Owners and Security administrators. Sign-ins of the window come from an hourly rollup kept with each
 * sign-in's audit event, the rest from indexed reads of the tables behind each list; each part is null
 * when the caller's roles do not read that list (the connections for a Security administrator).
 */

/** The windows the overview sums: the current hour and the 23 (or 167) whole hours before it. */
export const SECURITY_OVERVIEW_WINDOWS = ['24h', '7d'] as const;
export type SecurityOverviewWindow = (typeof SECURITY_OVERVIEW_WINDOWS)[number];
export const SECURITY_OVERVIEW_WINDOW_HOURS: Record<SecurityOverviewWindow, number> = {
  '24h': 24,
  '7d': 168,
};
export const SECURITY_OVERVIEW_WINDOW_LABELS: Record<SecurityOverviewWindow, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
};

/** How many addresses and accounts the failed sign-ins list, most failures first. */
export const SECURITY_OVERVIEW_TOP = 5;
/** How many names the other parts list (accounts waiting, tokens, connections, storages). */
export const SECURITY_OVERVIEW_LISTED = 5;
/** A token not used for this many days (or never, made this long ago) is flagged. */
export const TOKEN_UNUSED_DAYS = 90;
/** Identity provider credentials and licences are listed from this many days before their end. */
export const SECURITY_OVERVIEW_EXPIRY_DAYS = 30;

/**
 * How the overview names the method of a sign-in: the audit trail's methods, with single sign-on told
 * apart by the provider's protocol.
 */
export const SIGN_IN_METHOD_KEYS = [
  'password',
  'email-code',
  'passkey',
  'sso-oidc',
  'sso-saml',
  'oauth',
] as const;
export type SignInMethodKey = (typeof SIGN_IN_METHOD_KEYS)[number];
export const SIGN_IN_METHOD_LABELS: Record<SignInMethodKey, string> = {
  password: 'Password',
  'email-code': 'E-mail code',
  passkey: 'Passkey',
  'sso-oidc': 'Single sign-on (OpenID Connect)',
  'sso-saml': 'Single sign-on (SAML)',
  oauth: 'Connected app',
};

/** The audit action of an unusual sign-in alert (docs/login.md), counted by the overview. */
export const UNUSUAL_SIGN_IN_ACTION = 'unusual-sign-in' satisfies (typeof AUDIT_ACTIONS)[number];

export const SECURITY_OVERVIEW_MESSAGES = {
  window: oneOfMessage('Window', SECURITY_OVERVIEW_WINDOWS),
} as const;

export const securityOverviewQuerySchema = z.object({
  window: enumOf(SECURITY_OVERVIEW_WINDOWS, SECURITY_OVERVIEW_MESSAGES.window).default('24h'),
});
export type SecurityOverviewQuery = z.input<typeof securityOverviewQuerySchema>;

const count = z.number().int().min(0);
const outcomes = z.object({ success: count, failure: count });

export const securityOverviewSchema = z.object({
  window: z.enum(SECURITY_OVERVIEW_WINDOWS),
  /** The window's first instant (an hour's start) and when the figures were read. */
  from: isoDateSchema,
  generatedAt: isoDateSchema,
  signIns: z
    .object({
      total: outcomes,
      /** Every method with an attempt in the window, most attempts first. */
      byMethod: z.array(outcomes.extend({ method: z.string() })),
      failedByAddress: z.array(z.object({ address: z.string(), failures: count })),
      /** `userId` null when the account is not a user id (kept as the key), `email` as it was then. */
      failedByAccount: z.array(
        z.object({ userId: uuidSchema.nullable(), email: z.string().nullable(), failures: count }),
      ),
    })
    .nullable(),
  /** Accounts whose sign-ins wait now after failed passwords (the login delays). */
  accountsWaiting: z
    .object({
      count,
      accounts: z.array(z.object({ email: z.string(), userId: uuidSchema.nullable(), until: isoDateSchema })),
    })
    .nullable(),
  /** Unusual sign-in alerts of the window (UNUSUAL_SIGN_IN_ACTION). */
  unusualSignIns: z.object({ count }),
  mfa: z.object({ users: count, enrolled: count, notEnrolled: count }).nullable(),
  apiTokens: z
    .object({
      total: count,
      byAge: z.object({ under30Days: count, under90Days: count, over90Days: count }),
      /** Not used for TOKEN_UNUSED_DAYS days, or never and made that long ago. */
      unused: count,
      unusedTokens: z.array(
        z.object({
          id: uuidSchema,
          name: z.string(),
          createdAt: isoDateSchema,
          lastUsedAt: isoDateSchema.nullable(),
        }),
      ),
    })
    .nullable(),
  connections: z
    .object({
      unhealthy: count,
      rows: z.array(z.object({ id: uuidSchema, name: z.string(), status: connectionHealthStatusSchema })),
    })
    .nullable(),
  /** Null also for a tenant without Backup and Archive (no storages). */
  storages: z
    .object({ unhealthy: count, rows: z.array(z.object({ id: uuidSchema, name: z.string() })) })
    .nullable(),
  /** Providers whose client secret or certificate ends within SECURITY_OVERVIEW_EXPIRY_DAYS or has ended. */
  credentials: z
    .object({
      expiring: z.array(z.object({ id: uuidSchema, name: z.string(), expiresAt: isoDateSchema })),
    })
    .nullable(),
  /** Licences ending within SECURITY_OVERVIEW_EXPIRY_DAYS or ended. */
  licenses: z
    .object({
      nearEnd: z.array(
        z.object({ product: z.string(), edition: z.string(), endsAt: isoDateSchema, isTrial: z.boolean() }),
      ),
    })
    .nullable(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const securityOverviewEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/security-overview',
    access: 'admin',
    permission: 'audit:read',
    summary:
      "The organization's security at a glance for the last 24 hours or 7 days: sign-ins, waiting accounts, MFA, API tokens, unhealthy connections and storages, expiring credentials and licences",
    tags: ['Audit'],
    query: securityOverviewQuerySchema,
    response: securityOverviewSchema,
  }),
} as const;

/** The console's words for the overview (ours). */
export const SECURITY_OVERVIEW_TEXTS = {
  title: 'Security overview',
  signIns: 'Sign-ins',
  failedByAddress: 'Failed sign-ins by address',
  failedByAccount: 'Failed sign-ins by account',
  accountsWaiting: 'Accounts waiting after failures',
  unusualSignIns: 'Unusual sign-ins',
  mfa: 'MFA enrolment',
  apiTokens: 'API tokens',
  connections: 'Connections not healthy',
  storages: 'Storages not healthy',
  credentials: 'Identity provider credentials',
  licenses: 'Licenses near their end',
  noFailures: 'No failed sign-ins in this window.',
  noSignIns: 'No sign-ins in this window.',
  noneWaiting: 'No account is waiting now.',
  noTokens: 'No API tokens.',
  allHealthy: 'All healthy.',
  noCredentialsExpiring: `No client secret or certificate ends within ${SECURITY_OVERVIEW_EXPIRY_DAYS} days.`,
  noLicensesEnding: `No licence ends within ${SECURITY_OVERVIEW_EXPIRY_DAYS} days.`,
} as const;
