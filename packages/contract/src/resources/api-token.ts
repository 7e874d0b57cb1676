import { z } from 'zod';
import { API_TOKEN_MESSAGES } from '../automation-messages.js';
import { defineEndpoint } from '../endpoint.js';
import { currentPasswordRule, mfaCodeRule } from '../rules/identity.js';
import { isoDateSchema, PLAIN_LINE, stringWith, uuidSchema } from '../rules/text.js';
import { idParamsSchema, totalList } from './list.js';

/**
 * API tokens (ours, beyond the spec): a tenant's scripts and identity providers call the API with
 * `Authorization: Bearer svt_…`. `read` reads what an administrator sees and changes nothing, `admin`
 * does what an administrator does, `scim` calls only /scim/v2. None of them reaches the calls that
 * belong to a signed-in person (`sessionOnly` endpoints).
 */
export const API_TOKEN_SCOPES = ['read', 'admin', 'scim'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopeRequired });
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** Every token starts with this, so that secret scanners and people recognise one. */
export const API_TOKEN_PREFIX = 'svt_';
/** `svt_` and 256 random bits in base64url (43 characters). */
export const API_TOKEN_PATTERN = /^svt_[A-Za-z0-9_-]{43}$/;

/** The expiry choices of the create dialog; a custom date may be at most two years away. */
export const API_TOKEN_EXPIRY_CHOICES = ['30', '90', '365', 'custom'] as const;
export type ApiTokenExpiryChoice = (typeof API_TOKEN_EXPIRY_CHOICES)[number];
export const API_TOKEN_MAX_DAYS = 730;
const DAY_MS = 24 * 60 * 60 * 1000;

export const apiTokenNameRule = stringWith(API_TOKEN_MESSAGES.nameRequired)
  .trim()
  .min(1, { error: API_TOKEN_MESSAGES.nameRequired, abort: true })
  .max(64, { error: API_TOKEN_MESSAGES.nameMaxLength, abort: true })
  .regex(PLAIN_LINE, { error: API_TOKEN_MESSAGES.namePattern, abort: true });

/** Whether an expiry is acceptable at `now`: in the future, and no more than two years away. */
export function apiTokenExpiryProblem(expiresAt: Date, now = Date.now()): string | null {
  if (Number.isNaN(expiresAt.getTime())) return API_TOKEN_MESSAGES.expiresAtRequired;
  if (expiresAt.getTime() <= now) return API_TOKEN_MESSAGES.expiresAtPast;
  // A day's slack: a date picked as "two years from today" in any time zone is still accepted.
  if (expiresAt.getTime() > now + (API_TOKEN_MAX_DAYS + 1) * DAY_MS)
    return API_TOKEN_MESSAGES.expiresAtTooLate;
  return null;
}

const expiresAtRule = stringWith(API_TOKEN_MESSAGES.expiresAtRequired)
  .min(1, { error: API_TOKEN_MESSAGES.expiresAtRequired, abort: true })
  .check(z.iso.datetime({ offset: true, error: API_TOKEN_MESSAGES.expiresAtRequired, abort: true }))
  .superRefine((value, ctx) => {
    const problem = apiTokenExpiryProblem(new Date(value));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * POST /v1/api-tokens: the expiry as an instant (the console turns its choice into one). A creator who
 * has a second factor adds the step-up's proof (a current code or the account password, as for
 * removing a factor: see mfaStepUpSchema); without it the answer is 400 with MESSAGES.mfaStepUpRequired
 * on `code`, and the console then asks for it.
 */
export const apiTokenCreateSchema = z.object({
  name: apiTokenNameRule,
  scope: apiTokenScopeSchema,
  expiresAt: expiresAtRule,
  code: mfaCodeRule.optional(),
  password: currentPasswordRule.optional(),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

/** The create dialog: a choice of 30, 90 or 365 days, or a date (`YYYY-MM-DD`, the end of that day). */
export const apiTokenFormSchema = z
  .object({
    name: apiTokenNameRule,
    scope: apiTokenScopeSchema,
    expiry: z.enum(API_TOKEN_EXPIRY_CHOICES, { error: API_TOKEN_MESSAGES.expiryRequired }),
    expiresOn: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.expiry !== 'custom') return;
    const at = apiTokenExpiryOf(value);
    const problem = at ? apiTokenExpiryProblem(at) : API_TOKEN_MESSAGES.expiresAtRequired;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['expiresOn'] });
  });
export type ApiTokenForm = z.input<typeof apiTokenFormSchema>;

/** The instant a form's choice means: N days from `now`, or the end of the chosen day (UTC). */
export function apiTokenExpiryOf(
  form: { expiry: ApiTokenExpiryChoice; expiresOn?: string },
  now = Date.now(),
): Date | null {
  if (form.expiry !== 'custom') return new Date(now + Number(form.expiry) * DAY_MS);
  if (!form.expiresOn || !/^\d{4}-\d{2}-\d{2}$/.test(form.expiresOn)) return null;
  const at = new Date(`${form.expiresOn}T23:59:59.000Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A token as the list shows it: never the token itself, only its first characters to recognise it by. */
export const apiTokenSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  scope: apiTokenScopeSchema,
  /** `svt_` and the first 4 characters after it. */
  prefix: z.string(),
  createdBy: z.object({ id: uuidSchema, name: z.string(), email: z.string() }).nullable(),
  createdAt: isoDateSchema,
  expiresAt: isoDateSchema,
  lastUsedAt: isoDateSchema.nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to a create: the token in full, this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** GET /v1/api-tokens is not paginated: a tenant keeps a short list (at most MAX_API_TOKENS). */
export const MAX_API_TOKENS = 50;
export const apiTokenListSchema = totalList('apiTokens', apiTokenSchema);
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

const tags = ['API Tokens'];

/** Administrators with a signed-in session only: a token cannot make or revoke tokens. */
export const apiTokenEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/api-tokens',
    access: 'admin',
    permission: 'api-tokens:read',
    sessionOnly: true,
    summary: "The tenant's API tokens (not paginated; never the tokens themselves)",
    tags,
    response: apiTokenListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/api-tokens',
    access: 'admin',
    permission: 'api-tokens:write',
    sessionOnly: true,
    summary:
      'Creates an API token (with a current code or the password when the creator has a second factor); the answer holds the token, shown this once',
    tags,
    body: apiTokenCreateSchema,
    response: createdApiTokenSchema,
    status: 201,
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/api-tokens/:id',
    access: 'admin',
    permission: 'api-tokens:write',
    sessionOnly: true,
    summary: 'Revokes an API token: every later call with it answers 401',
    tags,
    params: idParamsSchema,
    status: 204,
  }),
} as const;
