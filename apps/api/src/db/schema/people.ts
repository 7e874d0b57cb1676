import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from './columns.js';
import { connections } from './environment.js';
import { tenants } from './tenants.js';

/**
 * A role bundles what its groups' users may do per service: the licence level of each product, the
 * DevOps pipelines and pull-request access, and per-connection rights (role_connection_permissions).
 */
export const roles = pgTable(
  'roles',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    backupFullAccess: boolean('backup_full_access').notNull().default(false),
    devopsFullAccess: boolean('devops_full_access').notNull().default(false),
    devopsReadAccess: boolean('devops_read_access').notNull().default(false),
    pullRequests: text('pull_requests', { enum: ['Read', 'Contribute'] })
      .notNull()
      .default('Read'),
    pipelines: text('pipelines', { enum: ['ReadAndExecute', 'Manage'] })
      .notNull()
      .default('ReadAndExecute'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('roles_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('roles_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** One row per role, service and connection: the rights the role grants on that org. */
export const roleConnectionPermissions = pgTable(
  'role_connection_permissions',
  {
    tenantId: uuid('tenant_id').notNull(),
    roleId: uuid('role_id').notNull(),
    service: text('service', { enum: ['backup', 'devOps'] }).notNull(),
    connectionId: uuid('connection_id').notNull(),
    backupAndArchive: boolean('backup_and_archive').notNull().default(false),
    restore: boolean('restore').notNull().default(false),
    export: boolean('export').notNull().default(false),
    appSettings: boolean('app_settings').notNull().default(false),
    retrieve: boolean('retrieve').notNull().default(false),
    validate: boolean('validate').notNull().default(false),
    deploy: boolean('deploy').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.service, t.connectionId] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.connectionId],
      foreignColumns: [connections.tenantId, connections.id],
    }).onDelete('cascade'),
    index('role_connection_permissions_connection_idx').on(t.tenantId, t.connectionId),
  ],
);

/** A group has exactly one role; its users inherit it (a user is in at most one group: users.group_id). */
export const groups = pgTable(
  'groups',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    roleId: uuid('role_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    // A role in use by a group cannot be deleted.
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete(
      'restrict',
    ),
    uniqueIndex('groups_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('groups_tenant_role_idx').on(t.tenantId, t.roleId),
    index('groups_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
