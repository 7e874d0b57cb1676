import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MESSAGES } from '../messages.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { idParamsSchema } from './list.js';

/**
 * The audit trail (ours; ARCHITECTURE §4): every change, sign-in and refusal in the tenant, newest
 * first, for its administrators. Events are kept `audit_retention_days` (365 by default) and form a
 * hash chain that the operators' `audit verify` command checks (docs/audit-trail.md).
 */

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
/** How a sign-in was attempted: the password form, an e-mailed code, an identity provider, a connected app. */
export const SIGN_IN_METHODS = ['password', 'email-code', 'sso', 'oauth', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
/**
 * A tenant's user; an API token acting for the tenant (a script, a SCIM client); a platform operator
 * (the CLI); the system itself (a sign-up through a provider); an identity provider whose group
 * mapping changed a user's group at sign-in; a platform operator in a support session the tenant's
 * Owner granted (named with the ticket, acting on behalf of the tenant).
 */
export const AUDIT_ACTOR_TYPES = [
  'user',
  'api-token',
  'operator',
  'system',
  'identity-provider',
  'support',
] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** The most events one page answers, and how many when the caller does not say. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;
/** How many sign-in attempts a user's card lists. */
export const SIGN_IN_HISTORY_SIZE = 20;

/** {field: {before, after}}; secrets read "[secret]". */
export const auditChangesSchema = z.record(
  z.string(),
  z.object({ before: z.unknown().optional(), after: z.unknown().optional() }),
);

export const auditEventSchema = z.object({
  id: uuidSchema,
  /** The event's place in the tenant's trail: 1, 2, 3 … */
  seq: z.number().int(),
  time: isoDateSchema,
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  /** The user as they were named when the event happened; null for an operator or the system. */
  actor: z.object({ id: uuidSchema, email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  action: z.string(),
  /** What the event concerns; its name as it was then (a deleted group is still named). */
  resource: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** For sign-ins and their MFA step. */
  method: z.enum(SIGN_IN_METHODS).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  changes: auditChangesSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/**
 * The page's position: the `seq` of the previous page's last event, as the previous answer's
 * `nextCursor` gave it (clients pass it on; the list's cursors are plain text, as the users list's).
 */
const CURSOR_SEQ = /^[1-9]\d{0,14}$/;

export const encodeAuditCursor = (seq: number) => String(seq);
export const auditCursorQuerySchema = z
  .string()
  .max(40, { error: MESSAGES.invalidCursor })
  .transform((raw, ctx): number => {
    if (!CURSOR_SEQ.test(raw)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidCursor });
      return z.NEVER;
    }
    return Number(raw);
  });

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const isEmail = (value: string) => z.email().safeParse(value).success;
const isAction = (value: string) => (AUDIT_ACTIONS as readonly string[]).includes(value);
const dateTime = z.iso.datetime({ offset: true, error: MESSAGES.auditDateInvalid });
/** An exact-match filter; empty means none. */
const filterText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.maxLength(field, max) })
    .optional();

/** The filters of the list and of the export; each narrows the events, all together combine. */
const auditFilters = {
  /** A user's id, or an address (the actor's when the event happened, any letter case). */
  actor: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, { error: MESSAGES.auditActorInvalid })
    .refine((value) => value === '' || isUuid(value) || isEmail(value), { error: MESSAGES.auditActorInvalid })
    .optional(),
  /** One of the actions the trail records (AUDIT_ACTIONS): any other would only ever find nothing. */
  action: z
    .string()
    .trim()
    .refine((value) => value === '' || isAction(value), { error: MESSAGES.auditActionInvalid })
    .optional(),
  resourceType: filterText('Resource type', 64),
  resourceId: filterText('Resource id', 128),
  /** From and to this time, both included. */
  from: dateTime.optional(),
  to: dateTime.optional(),
  outcome: z.enum(AUDIT_OUTCOMES, { error: MESSAGES.auditOutcomeInvalid }).optional(),
};

/** `to` before `from` selects nothing: more likely a slip than a question. */
const datesInOrder = (query: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.auditDateOrder });
  }
};

export const auditFilterQuerySchema = z.object(auditFilters).superRefine(datesInOrder);
export type AuditFilterQuery = z.input<typeof auditFilterQuerySchema>;

export const auditListQuerySchema = z
  .object({
    ...auditFilters,
    limit: z.coerce
      .number({ error: MESSAGES.auditLimitRange })
      .int({ error: MESSAGES.auditLimitRange })
      .min(1, { error: MESSAGES.auditLimitRange })
      .max(AUDIT_MAX_PAGE_SIZE, { error: MESSAGES.auditLimitRange })
      .default(AUDIT_PAGE_SIZE),
    cursor: auditCursorQuerySchema.optional(),
  })
  .superRefine(datesInOrder);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

/** `nextCursor`: the `cursor` of the page that follows, null on the last page. */
export const auditEventListSchema = z.object({
  events: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditEventList = z.infer<typeof auditEventListSchema>;

export const AUDIT_EXPORT_FORMATS = ['csv'] as const;
export const auditExportQuerySchema = z
  .object({ ...auditFilters, format: z.enum(AUDIT_EXPORT_FORMATS, { error: MESSAGES.auditExportFormat }) })
  .superRefine(datesInOrder);
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

/** One attempt to sign in as the user, from the audit trail. */
export const signInAttemptSchema = z.object({
  id: uuidSchema,
  time: isoDateSchema,
  outcome: z.enum(AUDIT_OUTCOMES),
  method: z.enum(SIGN_IN_METHODS),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SignInAttempt = z.infer<typeof signInAttemptSchema>;
export const signInAttemptListSchema = z.object({ signIns: z.array(signInAttemptSchema) });
export type SignInAttemptList = z.infer<typeof signInAttemptListSchema>;

export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/audit-events',
    access: 'admin',
    permission: 'audit:read',
    summary: "The tenant's audit trail, newest first, filtered; `cursor` is the previous page's `nextCursor`",
    tags: ['Audit'],
    query: auditListQuerySchema,
    response: auditEventListSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/v1/audit-events/export',
    access: 'admin',
    permission: 'audit:read',
    summary: 'Every event the filters select, newest first, as a CSV file',
    tags: ['Audit'],
    query: auditExportQuerySchema,
  }),
  signIns: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users/:id/sign-ins',
    access: 'admin',
    permission: 'audit:read',
    summary: "A user's last 20 attempts to sign in (password, single sign-on, connected apps), newest first",
    tags: ['Audit', 'Users'],
    params: idParamsSchema,
    response: signInAttemptListSchema,
  }),
} as const;
