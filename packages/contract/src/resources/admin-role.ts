import { z } from 'zod';
import {
  ADMIN_ROLE_MESSAGES,
  ADMIN_ROLES,
  CONNECTION_PERMISSIONS,
  PERMISSIONS,
  TEMPORARY_ACCESS_MINUTES,
} from '../admin-roles.js';
import { defineEndpoint } from '../endpoint.js';
import { uuidSchema } from '../rules/text.js';
import { idParamsSchema } from './list.js';

export const adminRoleSchema = z.enum(ADMIN_ROLES);
export const permissionSchema = z.enum(PERMISSIONS);

/**
 * Where a role a user holds comes from: given to them (`direct`), until a time (`temporary`, with its
 * grant's id to end it early), or through their group (`group`).
 */
export const adminRoleSourceSchema = z.object({
  role: adminRoleSchema,
  source: z.enum(['direct', 'temporary', 'group']),
  grantId: uuidSchema.nullable(),
  groupId: uuidSchema.nullable(),
  groupName: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type AdminRoleSource = z.infer<typeof adminRoleSourceSchema>;

/** A permission on one resource (a connection) until a time. */
export const resourceGrantSchema = z.object({
  id: uuidSchema,
  permission: permissionSchema,
  resourceType: z.enum(['connection']),
  resourceId: uuidSchema,
  /** The connection's name; null once it is deleted. */
  resourceName: z.string().nullable(),
  expiresAt: z.string(),
});
export type ResourceGrant = z.infer<typeof resourceGrantSchema>;

/**
 * A user's administrator roles from every source (none: not an administrator), the permissions they
 * give together, each role's sources, and the permissions the user holds on one connection for a time.
 */
export const userAdminRolesSchema = z.object({
  adminRoles: z.array(adminRoleSchema),
  permissions: z.array(permissionSchema),
  sources: z.array(adminRoleSourceSchema),
  resourceGrants: z.array(resourceGrantSchema),
});
export type UserAdminRoles = z.infer<typeof userAdminRolesSchema>;

/** A group's administrator roles, which its members hold, and the permissions they give. */
export const groupAdminRolesSchema = z.object({
  adminRoles: z.array(adminRoleSchema),
  permissions: z.array(permissionSchema),
});
export type GroupAdminRoles = z.infer<typeof groupAdminRolesSchema>;

/**
 * PUT /v1/users/:id/admin-roles: the roles the user holds from now on, each once; an empty list makes
 * them a user who is not an administrator. Granting or taking away Owner is an Owner's; the last
 * Owner keeps the role.
 */
export const userAdminRolesUpdateSchema = z.object({
  adminRoles: z
    .array(adminRoleSchema)
    .max(ADMIN_ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, 'Each role can be listed once'),
});
export type UserAdminRolesUpdate = z.input<typeof userAdminRolesUpdateSchema>;

/** PUT /v1/groups/:id/admin-roles: the roles the group's members hold from now on. */
export const groupAdminRolesUpdateSchema = userAdminRolesUpdateSchema;

/** What a time-bound grant is: a role, or a permission on one connection, and how long (15 minutes to 7 days). */
export const temporaryAccessFields = z.object({
  role: adminRoleSchema.optional(),
  permission: permissionSchema.optional(),
  connectionId: uuidSchema.optional(),
  durationMinutes: z
    .number({ error: ADMIN_ROLE_MESSAGES.durationRange })
    .int({ error: ADMIN_ROLE_MESSAGES.durationRange })
    .min(TEMPORARY_ACCESS_MINUTES.min, { error: ADMIN_ROLE_MESSAGES.durationRange })
    .max(TEMPORARY_ACCESS_MINUTES.max, { error: ADMIN_ROLE_MESSAGES.durationRange }),
});

/** The rule spanning the fields: a role, or a connection permission with its connection, never both. */
export function grantKindRule(
  value: { role?: unknown; permission?: string; connectionId?: string },
  ctx: z.RefinementCtx,
) {
  const scoped = value.permission !== undefined || value.connectionId !== undefined;
  if ((value.role !== undefined) === scoped) {
    ctx.addIssue({ code: 'custom', message: ADMIN_ROLE_MESSAGES.grantKind, path: ['role'] });
    return;
  }
  if (!scoped) return;
  if (!(CONNECTION_PERMISSIONS as readonly string[]).includes(value.permission ?? ''))
    ctx.addIssue({
      code: 'custom',
      message: ADMIN_ROLE_MESSAGES.temporaryPermission,
      path: ['permission'],
    });
  if (value.connectionId === undefined)
    ctx.addIssue({ code: 'custom', message: ADMIN_ROLE_MESSAGES.grantKind, path: ['connectionId'] });
}

/**
 * POST /v1/users/:id/temporary-access: a role, or a permission on one connection, for 15 minutes to
 * 7 days. Granted again, the same role or permission ends at the new time.
 */
export const temporaryAccessGrantSchema = temporaryAccessFields.superRefine(grantKindRule);
export type TemporaryAccessGrant = z.input<typeof temporaryAccessGrantSchema>;

export const temporaryAccessParamsSchema = z.object({ id: uuidSchema, grantId: uuidSchema });

const tags = ['Administrator roles', 'Users'] as const;

export const adminRoleEndpoints = {
  ofUser: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users/:id/admin-roles',
    access: 'admin',
    permission: 'admin-roles:read',
    summary: "A user's administrator roles and the permissions they give",
    tags,
    params: idParamsSchema,
    response: userAdminRolesSchema,
  }),
  setOfUser: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/users/:id/admin-roles',
    access: 'admin',
    permission: 'admin-roles:write',
    // Administrator rights are a signed-in person's to give, never an API token's (docs/api-tokens.md).
    sessionOnly: true,
    summary: "Sets a user's administrator roles (an empty list: not an administrator)",
    tags,
    params: idParamsSchema,
    body: userAdminRolesUpdateSchema,
    response: userAdminRolesSchema,
  }),
  grantTemporary: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users/:id/temporary-access',
    access: 'admin',
    permission: 'admin-roles:write',
    sessionOnly: true,
    status: 201,
    summary: 'Grants a user a role, or a permission on one connection, for 15 minutes to 7 days',
    tags,
    params: idParamsSchema,
    body: temporaryAccessGrantSchema,
    response: userAdminRolesSchema,
  }),
  endTemporary: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/users/:id/temporary-access/:grantId',
    access: 'admin',
    permission: 'admin-roles:write',
    sessionOnly: true,
    status: 204,
    summary: 'Ends a role or permission granted for a time before its end',
    tags,
    params: temporaryAccessParamsSchema,
  }),
  ofGroup: defineEndpoint({
    method: 'GET',
    path: '/api/v1/groups/:id/admin-roles',
    access: 'admin',
    permission: 'admin-roles:read',
    summary: "A group's administrator roles, which its members hold",
    tags: ['Administrator roles', 'Groups'],
    params: idParamsSchema,
    response: groupAdminRolesSchema,
  }),
  setOfGroup: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/groups/:id/admin-roles',
    access: 'admin',
    permission: 'admin-roles:write',
    sessionOnly: true,
    summary: "Sets a group's administrator roles (its members hold them while in the group)",
    tags: ['Administrator roles', 'Groups'],
    params: idParamsSchema,
    body: groupAdminRolesUpdateSchema,
    response: groupAdminRolesSchema,
  }),
} as const;
