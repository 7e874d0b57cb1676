import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/** What the dispatcher delivers; webhooks will be a kind of their own, through the same queue. */
export const OUTBOX_KINDS = ['email'] as const;
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * Outgoing messages, written in the transaction of the change that causes them and delivered by the
 * dispatcher (platform/outbox) after it commits: a mail outage or a crash delays a message, never
 * loses it. The subject and bodies carry one-time codes and links, so they are sealed together in
 * `body` (bound to this row); only the recipient is readable. `next_attempt_at` is when a pending
 * message is due, and for a message being sent the end of its sender's lease. A message of no
 * tenant (a login code, asked before the tenant is known) has no tenant_id; the rows of a tenant go
 * with it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_messages_tenant_idx').on(t.tenantId),
  ],
);
