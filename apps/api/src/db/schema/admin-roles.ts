import { ADMIN_ROLES, type AdminRole, type Permission } from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups } from './people.js';
import { users } from './tenants.js';

const roleList = ADMIN_ROLES.map((r) => `'${r}'`).join(', ');

/**
 * The administrator roles each user holds (migration 0038); none: not an administrator. users.is_admin
 * follows them (true while the user holds one), and a trigger keeps both in step for the release before
 * this one, which writes is_admin alone: an administrator it makes becomes an Owner.
 */
export const userAdminRoles = pgTable(
  'user_admin_roles',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role').$type<AdminRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_admin_roles_pk', columns: [t.tenantId, t.userId, t.role] }),
    foreignKey({
      name: 'user_admin_roles_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    index('user_admin_roles_tenant_role_idx').on(t.tenantId, t.role),
    check('user_admin_roles_role_check', sql.raw(`"role" IN (${roleList})`)),
  ],
);

/**
 * The administrator roles a group gives its members (migration 0040): a member holds them while in the
 * group. users.is_admin follows them too.
 */
export const groupAdminRoles = pgTable(
  'group_admin_roles',
  {
    tenantId: uuid('tenant_id').notNull(),
    groupId: uuid('group_id').notNull(),
    role: text('role').$type<AdminRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'group_admin_roles_pk', columns: [t.tenantId, t.groupId, t.role] }),
    foreignKey({
      name: 'group_admin_roles_group_fk',
      columns: [t.tenantId, t.groupId],
      foreignColumns: [groups.tenantId, groups.id],
    }).onDelete('cascade'),
    index('group_admin_roles_tenant_role_idx').on(t.tenantId, t.role),
    check('group_admin_roles_role_check', sql.raw(`"role" IN (${roleList})`)),
  ],
);

/**
 * A role, or a permission on one resource (a connection), held until `expiresAt` (migration 0040). It
 * gives nothing from that instant: every read filters on `expires_at > now()`; the expiry removes the
 * row afterwards and audits the ending.
 */
export const temporaryAccess = pgTable(
  'temporary_access',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role').$type<AdminRole>(),
    permission: text('permission').$type<Permission>(),
    resourceType: text('resource_type').$type<'connection'>(),
    resourceId: uuid('resource_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'temporary_access_pk', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'temporary_access_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('temporary_access_grant_key').on(
      t.tenantId,
      t.userId,
      sql`coalesce(${t.role}, '')`,
      sql`coalesce(${t.permission}, '')`,
      sql`coalesce(${t.resourceId}::text, '')`,
    ),
    index('temporary_access_expires_idx').on(t.expiresAt),
    check('temporary_access_role_check', sql.raw(`"role" IS NULL OR "role" IN (${roleList})`)),
    check(
      'temporary_access_kind_check',
      sql.raw(
        '("role" IS NULL) = ("permission" IS NOT NULL) AND ("permission" IS NULL) = ("resource_type" IS NULL) AND ("resource_type" IS NULL) = ("resource_id" IS NULL)',
      ),
    ),
  ],
);
