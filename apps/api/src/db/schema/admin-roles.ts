import { ADMIN_ROLES, type AdminRole } from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './tenants.js';

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
    check(
      'user_admin_roles_role_check',
      sql.raw(`"role" IN (${ADMIN_ROLES.map((r) => `'${r}'`).join(', ')})`),
    ),
  ],
);
