import { z } from 'zod';
import { ADMIN_ROLE_DEFINITIONS, PERMISSIONS, type Permission } from '../admin-roles.js';
import { defineEndpoint } from '../endpoint.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { idParamsSchema } from './list.js';

/**
 * Support access (docs/administration.md "Support access"): a tenant's Owner lets the platform's support
 * team into the console for a window, read-only unless the Owner names write permissions. An operator
 * opens a session inside it with the operators' CLI (`support-session`), which prints a one-time sign-in
 * link; the session reads everything an Auditor reads (secrets masked), writes only what the grant
 * names, and ends when the grant is revoked or runs out. One grant is live at a time.
 */

/** The shortest and longest window, in hours: one hour to 30 days. */
export const SUPPORT_GRANT_MIN_HOURS = 1;
export const SUPPORT_GRANT_MAX_HOURS = 30 * 24;

/**
 * What support may never be given, whatever the Owner picks: how people sign in and their factors,
 * credentials (password and MFA resets, API tokens), administrator roles, support access itself, and
 * approvals (support is never the second pair of eyes of the tenant's four-eyes control), and where the
 * audit log is streamed (a stream sends the tenant's whole trail out).
 */
const NEVER_GRANTED: readonly Permission[] = [
  'sign-in:write',
  'credentials:reset',
  'api-tokens:write',
  'admin-roles:write',
  'support-access:write',
  'approvals:write',
  'log-streams:write',
];

/** The write permissions an Owner may name in a grant, in PERMISSIONS order. */
export const SUPPORT_GRANTABLE_PERMISSIONS = PERMISSIONS.filter(
  (permission) => permission.endsWith(':write') && !NEVER_GRANTED.includes(permission),
) as Permission[];

/** What every support session may do: each area's `read`, as an Auditor. */
export const SUPPORT_READ_PERMISSIONS = PERMISSIONS.filter((permission) => permission.endsWith(':read'));

/**
 * Only an Owner grants and revokes support access: the rule is that no other role holds
 * `support-access:write` (admin-roles.ts), which the contract's tests hold it to.
 */
export const SUPPORT_ACCESS_GRANTERS = Object.entries(ADMIN_ROLE_DEFINITIONS)
  .filter(([, role]) => role.permissions.includes('support-access:write'))
  .map(([name]) => name);

export const SUPPORT_ACCESS_MESSAGES = {
  hoursRange: `The window must be a whole number of hours from ${SUPPORT_GRANT_MIN_HOURS} to ${SUPPORT_GRANT_MAX_HOURS} (30 days)`,
  notGrantable:
    'Support can be given write permissions on users, apps, webhooks, connections, storages and the organization only',
  alreadyLive: 'Support access is already granted. Revoke it before granting a new window.',
  notFound: 'Support access grant not found.',
  alreadyEnded: 'This support access has already ended.',
  /** The 403 of a support session's write that its grant does not name. */
  readOnly: 'This support session is read-only: the organization did not grant support this change.',
  /** The 403 of what a support session may never do. */
  never:
    'A support session cannot change sign-in, MFA, credentials, API tokens, administrator roles or the account it signed in with.',
  /** The CLI's one line when there is no live grant. */
  noLiveGrant: (tenant: string) =>
    `The organization "${tenant}" has not granted support access, or its grant has ended or was revoked.`,
  linkInvalid: 'This support sign-in link is not valid.',
  linkUsed: 'This support sign-in link was already used. Ask for a new one with the admin command.',
  linkExpired: 'This support sign-in link has expired. Ask for a new one with the admin command.',
} as const;

export const SUPPORT_MODES = ['read-only', 'read-write'] as const;
export type SupportMode = (typeof SUPPORT_MODES)[number];

/** What a session answer carries in a support session: the console's banner says it on every page. */
export const supportSessionInfoSchema = z.object({
  operator: z.string(),
  ticket: z.string(),
  mode: z.enum(SUPPORT_MODES),
  /** The grant's end: the session ends then at the latest. */
  expiresAt: isoDateSchema,
  writePermissions: z.array(z.enum(PERMISSIONS)),
});
export type SupportSessionInfo = z.infer<typeof supportSessionInfoSchema>;

export const supportGrantCreateSchema = z.object({
  hours: z.coerce
    .number({ error: SUPPORT_ACCESS_MESSAGES.hoursRange })
    .int({ error: SUPPORT_ACCESS_MESSAGES.hoursRange })
    .min(SUPPORT_GRANT_MIN_HOURS, { error: SUPPORT_ACCESS_MESSAGES.hoursRange })
    .max(SUPPORT_GRANT_MAX_HOURS, { error: SUPPORT_ACCESS_MESSAGES.hoursRange }),
  writePermissions: z
    .array(
      z
        .enum(PERMISSIONS, { error: SUPPORT_ACCESS_MESSAGES.notGrantable })
        .refine((permission) => SUPPORT_GRANTABLE_PERMISSIONS.includes(permission), {
          error: SUPPORT_ACCESS_MESSAGES.notGrantable,
        }),
    )
    .max(PERMISSIONS.length)
    .default([])
    .transform((permissions) => [...new Set(permissions)]),
});
export type SupportGrantCreate = z.input<typeof supportGrantCreateSchema>;

export const SUPPORT_GRANT_STATES = ['live', 'revoked', 'expired'] as const;

/** One support session: who opened it, for which ticket, and when it started and ended. */
export const supportSessionSchema = z.object({
  id: uuidSchema,
  operator: z.string(),
  ticket: z.string(),
  /** When the link was issued. */
  issuedAt: isoDateSchema,
  /** When the link was opened: null while it has not been. */
  startedAt: isoDateSchema.nullable(),
  /** When it was signed out of, or its grant ended; null while it is held. */
  endedAt: isoDateSchema.nullable(),
});
export type SupportSession = z.infer<typeof supportSessionSchema>;

export const supportGrantSchema = z.object({
  id: uuidSchema,
  state: z.enum(SUPPORT_GRANT_STATES),
  mode: z.enum(SUPPORT_MODES),
  writePermissions: z.array(z.enum(PERMISSIONS)),
  grantedBy: z.object({ id: uuidSchema.nullable(), name: z.string().nullable() }),
  createdAt: isoDateSchema,
  expiresAt: isoDateSchema,
  revokedAt: isoDateSchema.nullable(),
  sessions: z.array(supportSessionSchema),
});
export type SupportGrant = z.infer<typeof supportGrantSchema>;

/** The grants newest first: the live one (if any) leads. */
export const supportGrantListSchema = z.object({ grants: z.array(supportGrantSchema) });
export type SupportGrantList = z.infer<typeof supportGrantListSchema>;

export const supportAccessEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/support-access',
    access: 'admin',
    permission: 'support-access:read',
    summary: 'Support access grants, newest first, with the sessions held in each',
    tags: ['Support access'],
    response: supportGrantListSchema,
  }),
  grant: defineEndpoint({
    method: 'POST',
    path: '/api/v1/support-access',
    access: 'admin',
    permission: 'support-access:write',
    // Who may enter the organization is a person's decision, never a script's.
    sessionOnly: true,
    summary: 'Grants support access for a window (Owners only)',
    tags: ['Support access'],
    body: supportGrantCreateSchema,
    response: supportGrantSchema,
    status: 201,
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/support-access/:id',
    access: 'admin',
    permission: 'support-access:write',
    sessionOnly: true,
    summary: 'Revokes support access: its sessions end at once',
    tags: ['Support access'],
    params: idParamsSchema,
    status: 204,
  }),
} as const;
