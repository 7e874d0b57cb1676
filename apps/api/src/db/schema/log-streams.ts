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
} from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from './columns.js';
import { tenants } from './tenants.js';

/**
 * A tenant's log stream (modules/log-streams, docs/log-streams.md): where its audit events go, and its
 * cursor over the tenant's audit chain (`delivered_seq`, the last event delivered). No row per event:
 * the delivery reads the audit table after the cursor. One process delivers a stream at a time
 * (`lease_until`, claimed with SKIP LOCKED).
 */
export const logStreams = pgTable(
  'log_streams',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    type: text('type', { enum: ['https', 'splunk', 'datadog', 'storage'] }).notNull(),
    /** url, service, source, storageId, prefix: what the type uses; never a secret. */
    settings: jsonb('settings').$type<Record<string, string>>().notNull(),
    /** The signing secret, Splunk token or Datadog API key, sealed bound to this row; null for storage. */
    secret: text('secret'),
    /** The audit actions sent; empty: every event. */
    actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
    state: text('state', { enum: ['active', 'retrying', 'paused', 'suspended'] })
      .notNull()
      .default('active'),
    deliveredSeq: bigint('delivered_seq', { mode: 'number' }).notNull().default(0),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    /** When the stream is looked at next (a retry's back-off); now for a healthy one. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('log_streams_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    // The claim: streams that deliver, by when they are due.
    index('log_streams_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('active', 'retrying')`),
  ],
);
