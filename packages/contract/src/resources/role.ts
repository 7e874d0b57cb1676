import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import type { DevopsLicenseLevel, ServiceKey } from '../enums.js';
import { pipelineAccessSchema, pullRequestAccessSchema } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { descriptionRule, roleNameRule } from '../rules/names.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { createdSchema, idParamsSchema, listQuerySchema, totalList } from './list.js';

export const roleSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  description: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Role = z.infer<typeof roleSchema>;

const roleInputSchema = z.object({ name: roleNameRule, description: descriptionRule.default('') });
/** POST /v1/roles (answers the new id), PATCH /v1/roles/:id, and the name/description part of the form. */
export const roleCreateSchema = roleInputSchema;
export type RoleCreate = z.input<typeof roleCreateSchema>;
/** Absent fields stay as they are: no default here, which would blank the description on a rename. */
export const rolePatchSchema = z.object({
  name: roleNameRule.optional(),
  description: descriptionRule.optional(),
});
export type RolePatch = z.input<typeof rolePatchSchema>;
export const roleFormSchema = roleInputSchema;
export type RoleForm = z.input<typeof roleFormSchema>;

export const roleListQuerySchema = listQuerySchema;
export type RoleListQuery = z.input<typeof roleListQuerySchema>;
export const roleListSchema = totalList('roles', roleSchema);
export type RoleList = z.infer<typeof roleListSchema>;

/** The licence levels a role grants. DevOps full and read are a radio: never both. */
export const roleLicensesSchema = z.object({
  roleId: uuidSchema.optional(),
  devopsFullAccess: z.boolean(),
  devopsReadAccess: z.boolean(),
  backupFullAccess: z.boolean(),
});
export type RoleLicenses = z.infer<typeof roleLicensesSchema>;

/** A connection row of the Backup & Archive tab. */
export const backupConnectionPermissionSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  backupAndArchive: z.boolean(),
  restore: z.boolean(),
  export: z.boolean(),
  appSettings: z.boolean(),
});
export type BackupConnectionPermission = z.infer<typeof backupConnectionPermissionSchema>;

/** A connection row of the DevOps tab. */
export const devopsConnectionPermissionSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  retrieve: z.boolean(),
  validate: z.boolean(),
  deploy: z.boolean(),
});
export type DevopsConnectionPermission = z.infer<typeof devopsConnectionPermissionSchema>;

/** A role has at most one row per connection the tenant has; 1000 bounds one request. */
const MAX_CONNECTION_ROWS = 1000;

export const devopsPermissionsSchema = z.object({
  connections: z.array(devopsConnectionPermissionSchema).max(MAX_CONNECTION_ROWS),
  pullRequests: pullRequestAccessSchema,
  pipelines: pipelineAccessSchema,
});
export type DevopsPermissions = z.infer<typeof devopsPermissionsSchema>;

/** GET and PATCH /v1/roles/:id/permissions. */
export const rolePermissionsSchema = z
  .object({
    licenses: roleLicensesSchema,
    dbr: z.object({
      permissions: z.object({
        connections: z.array(backupConnectionPermissionSchema).max(MAX_CONNECTION_ROWS),
      }),
    }),
    devops: z.object({ permissions: devopsPermissionsSchema }),
  })
  .superRefine(({ licenses, devops }, ctx) => {
    if (licenses.devopsFullAccess && licenses.devopsReadAccess) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.licenceLevelConflict, path: ['licenses'] });
    }
    if (licenses.devopsReadAccess && !isWithinReadAccess(devops.permissions)) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.devopsReadAccessLimits,
        path: ['devops', 'permissions'],
      });
    }
  });
export type RolePermissions = z.infer<typeof rolePermissionsSchema>;

/** The DevOps level a role's licences select, for the tab's radio. */
export function devopsLicenseLevel(licenses: RoleLicenses): DevopsLicenseLevel | null {
  if (licenses.devopsFullAccess) return 'full';
  return licenses.devopsReadAccess ? 'read' : null;
}

/** Read access: pipeline executions, reading pull requests, and no retrieve, validate or deploy. */
export function isWithinReadAccess(permissions: DevopsPermissions): boolean {
  return (
    permissions.pipelines === 'ReadAndExecute' &&
    permissions.pullRequests === 'Read' &&
    permissions.connections.every((row) => !row.retrieve && !row.validate && !row.deploy)
  );
}

/** What choosing Read access does to the DevOps tab (SPEC.md §2 Roles). */
export function restrictToReadAccess(permissions: DevopsPermissions): DevopsPermissions {
  return {
    pipelines: 'ReadAndExecute',
    pullRequests: 'Read',
    connections: permissions.connections.map((row) => ({
      ...row,
      retrieve: false,
      validate: false,
      deploy: false,
    })),
  };
}

/** The enabled products whose licence level is still to be chosen, in the order given. */
export function productsWithoutLicenceLevel(
  licenses: RoleLicenses,
  services: readonly ServiceKey[],
): ServiceKey[] {
  return services.filter(
    (service) =>
      !(service === 'backup'
        ? licenses.backupFullAccess
        : licenses.devopsFullAccess || licenses.devopsReadAccess),
  );
}

/** Every enabled product needs a licence level before the role form can be saved. */
export function hasLicenceLevelForEach(licenses: RoleLicenses, services: readonly ServiceKey[]): boolean {
  return productsWithoutLicenceLevel(licenses, services).length === 0;
}

/** New connection rows of the Add Connections modal start with every permission off. */
export const newBackupConnectionRow = (id: string, name: string): BackupConnectionPermission => ({
  id,
  name,
  backupAndArchive: false,
  restore: false,
  export: false,
  appSettings: false,
});
export const newDevopsConnectionRow = (id: string, name: string): DevopsConnectionPermission => ({
  id,
  name,
  retrieve: false,
  validate: false,
  deploy: false,
});

const tags = ['Roles'] as const;

export const roleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/roles',
    access: 'admin',
    permission: 'users:read',
    summary: "The tenant's roles, searchable by name",
    tags,
    query: roleListQuerySchema,
    response: roleListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/roles',
    access: 'admin',
    permission: 'users:write',
    summary: 'Creates a role without licences or permissions (the form saves those next)',
    tags,
    body: roleCreateSchema,
    response: createdSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/roles/:id',
    access: 'admin',
    permission: 'users:read',
    summary: 'One role',
    tags,
    params: idParamsSchema,
    response: roleSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/roles/:id',
    access: 'admin',
    permission: 'users:write',
    summary: "Changes a role's name or description",
    tags,
    params: idParamsSchema,
    body: rolePatchSchema,
    response: roleSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/roles/:id',
    access: 'admin',
    permission: 'users:write',
    summary: 'Deletes a role that no group uses',
    tags,
    params: idParamsSchema,
    status: 204,
  }),
  permissions: defineEndpoint({
    method: 'GET',
    path: '/api/v1/roles/:id/permissions',
    access: 'admin',
    permission: 'users:read',
    summary: "A role's licence levels, DevOps settings and per-connection rights",
    tags,
    params: idParamsSchema,
    response: rolePermissionsSchema,
  }),
  updatePermissions: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/roles/:id/permissions',
    access: 'admin',
    permission: 'users:write',
    summary: "Replaces a role's licence levels, DevOps settings and per-connection rights",
    tags,
    params: idParamsSchema,
    body: rolePermissionsSchema,
    response: rolePermissionsSchema,
  }),
} as const;
