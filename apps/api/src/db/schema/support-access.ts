import { type Permission, SUPPORT_GRANTABLE_PERMISSIONS } from '@skyvault/contract';
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
import { tenantColumns } from './columns.js';
import { tenants } from './tenants.js';

/**
 * Support access an Owner granted (migration 0041): a window, and the write permissions named beyond
 * reading. Revoking sets revoked_at; the row stays, with its sessions, as the grant's history. At most
 * one grant of a tenant is live (not revoked, not expired): the service checks it under a lock.
 */
export const supportGrants = pgTable(
  'support_grants',
  {
    ...tenantColumns(),
    /** The Owner who granted it (kept when they are deleted; the name stays). */
    grantedBy: uuid('granted_by'),
    grantedByName: text('granted_by_name'),
    writePermissions: text('write_permissions').array().$type<Permission[]>().notNull().default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    index('support_grants_tenant_created_idx').on(t.tenantId, t.createdAt),
    check(
      'support_grants_write_permissions_check',
      sql.raw(
        `"write_permissions" <@ ARRAY[${SUPPORT_GRANTABLE_PERMISSIONS.map((p) => `'${p}'`).join(', ')}]::text[]`,
      ),
    ),
  ],
);

/**
 * One support session: the operator and ticket the CLI named, its one-time sign-in link (hash only,
 * short-lived, used once) and, once opened, its session token (hash only). The operator is no user of
 * the tenant: no users row, no seat. Its id is the audit trail's actor id for what it does.
 */
export const supportSessions = pgTable(
  'support_sessions',
  {
    ...tenantColumns(),
    grantId: uuid('grant_id').notNull(),
    operator: text('operator').notNull(),
    ticket: text('ticket').notNull(),
    linkHash: text('link_hash').notNull(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    tokenHash: text('token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.grantId],
      foreignColumns: [supportGrants.tenantId, supportGrants.id],
    }).onDelete('cascade'),
    uniqueIndex('support_sessions_link_hash_key').on(t.linkHash),
    uniqueIndex('support_sessions_token_hash_key').on(t.tokenHash),
    index('support_sessions_grant_idx').on(t.tenantId, t.grantId),
  ],
);
