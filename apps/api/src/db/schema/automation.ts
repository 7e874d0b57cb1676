import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { tenantColumns, timestamps } from './columns.js';
import { tenants } from './tenants.js';

/**
 * API tokens: `Authorization: Bearer svt_…` calls the API as the tenant. Only the token's SHA-256 is
 * kept (unique across tenants: the token alone finds its tenant, on the owner connection, like a
 * session); `prefix` is its first characters, to recognise it in the list. A revoked token's row is
 * deleted; the audit trail keeps its story.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'admin', 'scim'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    /** The administrator who made it (kept when they are deleted: the list then shows no creator). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Written at most once a minute, like a session's last use. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    lastUsedIp: text('last_used_ip'),
    /**
     * Made while the creator was inside the MFA grace period: when it ends. After it the token works only
     * once the creator has enrolled a factor (migration 0024). Null for every other token.
     */
    createdInMfaGraceUntil: timestamp('created_in_mfa_grace_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    uniqueIndex('api_tokens_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/**
 * A tenant's webhook endpoints. The signing secret is sealed (bound to this row). `lease_until` keeps
 * one delivery in flight per endpoint across processes: a dispatcher takes the endpoint's lease before
 * it sends, and only an endpoint whose lease is over (or never taken) can be taken again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...tenantColumns(),
    /**
     * The full URL, as the previous release reads it (masked only when answered). The next release keeps
     * only the masked form here (docs/webhooks.md: expand, then contract).
     */
    url: text('url').notNull(),
    /** The same URL sealed (it may carry a token); null, or older, in rows the previous release wrote. */
    urlSealed: text('url_sealed'),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** The secret before the last rotation (sealed), still signing beside the new one until it expires. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true, mode: 'date' }),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when the endpoint disabled itself (failing for 24 hours); cleared when it is enabled again. */
    disabledReason: text('disabled_reason'),
    /** The first failure of the current run of failures; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    index('webhook_endpoints_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;

/**
 * One event for one endpoint: written in the transaction of the change (the durable outbox), sent by
 * the dispatcher after it commits, retried with backoff for 24 hours. `event_id` is the `webhook-id`
 * header, the same on every attempt and on a resend. The payload holds no secret (the audit trail's
 * redaction applies to it).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...tenantColumns(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.endpointId],
      foreignColumns: [webhookEndpoints.tenantId, webhookEndpoints.id],
    }).onDelete('cascade'),
    // The dispatcher's look-up of what is due, oldest first, across tenants.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} IN ('pending', 'sending')`),
    // An endpoint's delivery log, newest first.
    index('webhook_deliveries_endpoint_created_idx').on(t.tenantId, t.endpointId, t.createdAt.desc()),
    // An endpoint's open deliveries in the order they go out (migration 0045, built concurrently).
    index('webhook_deliveries_open_idx')
      .on(t.tenantId, t.endpointId, t.createdAt, t.id)
      .where(sql`${t.status} IN ('pending', 'sending')`),
  ],
);

/**
 * Each attempt of a delivery (the delivery keeps only the last): its time, duration and the receiver's
 * status or why none came (`error_kind`: timeout, connection-refused, tls …). Written when the attempt
 * is settled, in that transaction; deleted with its delivery.
 */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    ...tenantColumns(),
    deliveryId: uuid('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseStatus: integer('response_status'),
    errorKind: text('error_kind'),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.deliveryId],
      foreignColumns: [webhookDeliveries.tenantId, webhookDeliveries.id],
    }).onDelete('cascade'),
    uniqueIndex('webhook_delivery_attempts_delivery_key').on(t.tenantId, t.deliveryId, t.attempt),
  ],
);

/**
 * Licence reminders already sent (14, 7 and 1 day before the end, and at the end): one row each, so
 * that the daily job sends each reminder once whichever process runs it.
 */
export const licenseNotices = pgTable(
  'license_notices',
  {
    ...tenantColumns(),
    licenseId: uuid('license_id').notNull(),
    /** 'expiring-14', 'expiring-7', 'expiring-1' or 'expired', for the licence's current end. */
    notice: text('notice').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('license_notices_once_key').on(t.tenantId, t.licenseId, t.notice, t.endsAt),
  ],
);
