import { z } from 'zod';
import { ADMIN_ROLES, PERMISSIONS } from '../admin-roles.js';
import { defineEndpoint } from '../endpoint.js';
import { idParamsSchema } from './list.js';

export const adminRoleSchema = z.enum(ADMIN_ROLES);
export const permissionSchema = z.enum(PERMISSIONS);

/** A user's administrator roles (none: not an administrator) and the permissions they give together. */
export const userAdminRolesSchema = z.object({
  adminRoles: z.array(adminRoleSchema),
  permissions: z.array(permissionSchema),
});
export type UserAdminRoles = z.infer<typeof userAdminRolesSchema>;

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
} as const;
