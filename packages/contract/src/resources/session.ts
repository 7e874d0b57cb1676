import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { serviceKeySchema } from '../enums.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { passkeyRemovalNeedsPerson } from '../session-only.js';
import { adminRoleSchema, permissionSchema } from './admin-role.js';
import { idParamsSchema } from './list.js';
import { mfaEnrolmentSchema, passkeyRemovalSchema } from './second-factor.js';
import { supportSessionInfoSchema } from './support-access.js';

export const sessionTenantSchema = z.object({ id: z.string().uuid(), name: z.string() });

/**
 * The signed-in user (SPEC.md §3 "Session user": id, email, tenant), plus what the console needs to
 * draw the shell without another call: whether the user is a tenant administrator and which
 * services the tenant has.
 */
export const sessionUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  /**
   * The user's administrator roles and the permissions they give (docs/administration.md): the console
   * shows an endpoint's action only with its permission. GET /auth/session answers them; a sign-in's
   * answer may leave them out, and the console then reads the session again.
   */
  adminRoles: z.array(adminRoleSchema).optional(),
  permissions: z.array(permissionSchema).optional(),
  tenant: sessionTenantSchema,
  services: z.array(serviceKeySchema),
  /** Present while the user must enrol a second factor (the tenant's MFA policy); see mfa-policy.ts. */
  mfaEnrolment: mfaEnrolmentSchema.optional(),
  /**
   * Present in a support session (support-access.ts): a platform operator, not a user of the tenant,
   * and the console says so on every page.
   */
  support: supportSessionInfoSchema.optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionEndpoints = {
  session: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/session',
    access: 'user',
    sessionOnly: true,
    duringMfaEnrolment: true,
    summary: 'The signed-in user and tenant',
    tags: ['Auth'],
    response: sessionUserSchema,
  }),
} as const;

/**
 * One signed-in browser or client of a user (ours, beyond the spec): where and when it signed in and
 * was last used. `device` is what its user agent says in words ("Chrome on macOS"); `current` marks
 * the session the call was made with.
 */
export const signedInSessionSchema = z.object({
  id: uuidSchema,
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: isoDateSchema,
  lastUsedAt: isoDateSchema,
  expiresAt: isoDateSchema,
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;
export const signedInSessionListSchema = z.object({ sessions: z.array(signedInSessionSchema) });
export type SignedInSessionList = z.infer<typeof signedInSessionListSchema>;

export const userSessionParamsSchema = z.object({ id: uuidSchema, sessionId: uuidSchema });

/**
 * Session control (ours): a user sees and ends their own sessions; an administrator a user's. An ended
 * session's next call answers 401 in every process of the API.
 */
export const signedInSessionEndpoints = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/v1/sessions/me',
    access: 'user',
    sessionOnly: true,
    summary: "The caller's own sessions, most recently used first",
    tags: ['Sessions'],
    response: signedInSessionListSchema,
  }),
  endMine: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/sessions/me/:id',
    access: 'user',
    sessionOnly: true,
    summary: "Ends one of the caller's sessions",
    tags: ['Sessions'],
    params: idParamsSchema,
    status: 204,
  }),
  endMyOthers: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/sessions/me',
    access: 'user',
    sessionOnly: true,
    summary: "Ends every session of the caller's but the one making the call",
    tags: ['Sessions'],
    status: 204,
  }),
  ofUser: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users/:id/sessions',
    access: 'admin',
    permission: 'users:read',
    summary: "A user's sessions, most recently used first",
    tags: ['Sessions', 'Users'],
    params: idParamsSchema,
    response: signedInSessionListSchema,
  }),
  endAllOfUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/users/:id/sessions',
    access: 'admin',
    permission: 'credentials:reset',
    summary: 'Ends every session of a user (`removePasskeys` also removes their passkeys)',
    sessionOnlyBody: passkeyRemovalNeedsPerson,
    tags: ['Sessions', 'Users'],
    params: idParamsSchema,
    body: passkeyRemovalSchema,
    status: 204,
  }),
  endOneOfUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/users/:id/sessions/:sessionId',
    access: 'admin',
    permission: 'credentials:reset',
    summary: 'Ends one session of a user',
    tags: ['Sessions', 'Users'],
    params: userSessionParamsSchema,
    status: 204,
  }),
} as const;
