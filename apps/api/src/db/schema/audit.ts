import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
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
 * One row per change a tenant's user makes (ARCHITECTURE §4); written in the change's transaction.
 * Rows form a hash chain per tenant (docs/audit-trail.md): a trigger sets `seq`, `prev_hash` and
 * `hash` (and the time and the actor's address) whatever the insert says; the app's role may insert and
 * read, and no role may update an event or delete one before its retention (migration 0027).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    ...tenantColumns(),
    /** Rises with time (migration 0047), so that a tenant's new events share the primary key's pages. */
    id: uuid('id').notNull().default(sql`skyvault_uuid_v7()`),
    /** The tenant's order of events, 1, 2, 3 … without gaps; set by the trigger. */
    // The trigger replaces whatever an insert gives for seq and hash: these placeholders only let
    // inserts leave them out.
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .$defaultFn(() => 0),
    actorId: uuid('actor_id'),
    /** The actor's address and name when the event happened, so that a deleted user is still named. */
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] })
      .notNull()
      .default('success'),
    /** How a sign-in was attempted (password, email-code, sso, oauth); null for other events. */
    method: text('method'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The target's name when the event happened (a group's name, a user's address). */
    targetName: text('target_name'),
    /** {field: {before, after}} with secrets shown as "[secret]". */
    changes: jsonb('changes').$type<Record<string, { before?: unknown; after?: unknown }>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    /** The database clock when the event joined its chain; set by the trigger (migration 0027). */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** sha256 of the event's content and prev_hash (skyvault_audit_hash); set by the trigger. */
    hash: text('hash')
      .notNull()
      .$defaultFn(() => ''),
    /** The hash of the tenant's event before this one; null for its first. */
    prevHash: text('prev_hash'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    index('audit_events_tenant_created_idx').on(t.tenantId, t.createdAt.desc()),
    index('audit_events_tenant_target_idx').on(t.tenantId, t.targetType, t.targetId, t.seq.desc()),
    uniqueIndex('audit_events_tenant_seq_idx').on(t.tenantId, t.seq.desc()),
    index('audit_events_tenant_actor_idx').on(t.tenantId, t.actorId, t.seq.desc()),
    // The actor filter takes an address too; it matches the snapshot, so a deleted user's events count.
    index('audit_events_tenant_actor_email_idx').on(t.tenantId, sql`lower(${t.actorEmail})`, t.seq.desc()),
    index('audit_events_tenant_action_idx').on(t.tenantId, t.action, t.seq.desc()),
    index('audit_events_tenant_failures_idx')
      .on(t.tenantId, t.seq.desc())
      .where(sql`${t.outcome} = 'failure'`),
  ],
);

/**
 * The newest event of each tenant's chain: the trigger locks this row to number and link the next
 * event. `anchor_*` name the newest event that retention removed, which the oldest kept one follows.
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash'),
  anchorSeq: bigint('anchor_seq', { mode: 'number' }).notNull().default(0),
  anchorHash: text('anchor_hash'),
});

/**
 * Sign-in attempts counted per tenant and hour (migration 0044), kept by a trigger on audit_events in
 * the event's transaction: by `method` (key: the method, single sign-on as sso-oidc or sso-saml) and
 * outcome, and failures by `address` (key: the IP) and by `account` (key: the user's id, label: their
 * address then). The security overview sums a window's hours; rows older than eight days are removed.
 */
export const signInRollups = pgTable(
  'sign_in_rollups',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    dimension: text('dimension', { enum: ['method', 'address', 'account'] }).notNull(),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    key: text('key').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    label: text('label'),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'sign_in_rollups_pk',
      columns: [t.tenantId, t.dimension, t.hour, t.key, t.outcome],
    }),
  ],
);
