import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DEVOPS_LICENSE_LEVELS, pipelineAccessSchema, pullRequestAccessSchema } from '../enums.js';
import { uuidSchema } from '../rules/text.js';
import { idParamsSchema } from './list.js';
import { backupConnectionPermissionSchema, devopsConnectionPermissionSchema } from './role.js';

/**
 * What a user may do in each service, through their group's role. It is what the services act on, so
 * the licence already gates it: without the product's licence level the connection list is empty.
 * A service the tenant lacks is null; a user without a group has a role of nothing.
 */
export const effectivePermissionsSchema = z.object({
  userId: uuidSchema,
  roleId: uuidSchema.nullable(),
  groupId: uuidSchema.nullable(),
  backup: z
    .object({
      licensed: z.boolean(),
      connections: z.array(backupConnectionPermissionSchema),
    })
    .nullable(),
  devOps: z
    .object({
      level: z.enum(DEVOPS_LICENSE_LEVELS).nullable(),
      pullRequests: pullRequestAccessSchema,
      pipelines: pipelineAccessSchema,
      connections: z.array(devopsConnectionPermissionSchema),
    })
    .nullable(),
});
export type EffectivePermissions = z.infer<typeof effectivePermissionsSchema>;

const tags = ['Permissions'] as const;

export const permissionEndpoints = {
  ofUser: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users/:id/permissions',
    access: 'admin',
    permission: 'users:read',
    summary: "A user's effective permissions through their group's role",
    tags,
    params: idParamsSchema,
    response: effectivePermissionsSchema,
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/session/permissions',
    access: 'user',
    sessionOnly: true,
    summary: "The signed-in user's own effective permissions",
    tags,
    response: effectivePermissionsSchema,
  }),
} as const;
