import type { ApprovalAction, ApprovalStatus } from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from './columns.js';
import { tenants } from './tenants.js';

/** Which changes a tenant wants approved by a second administrator (migration 0039); no row: none. */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    tenantId: uuid('tenant_id').primaryKey(),
    actions: text('actions').array().$type<ApprovalAction[]>().notNull().default(sql`'{}'::text[]`),
    validityHours: integer('validity_hours').notNull().default(24),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'approval_policies_tenant_fk',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }).onDelete('cascade'),
    check('approval_policies_validity_check', sql`"validity_hours" BETWEEN 1 AND 168`),
  ],
);

/** What the requester's request kept of their call, to carry the change out as theirs. */
export interface RequestedFrom {
  ip: string;
  userAgent?: string;
  requestId: string;
}

/** A change waiting for (or past) a second administrator's decision (migration 0039). */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    ...tenantColumns(),
    action: text('action').$type<ApprovalAction>().notNull(),
    status: text('status').$type<ApprovalStatus>().notNull().default('pending'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetName: text('target_name'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    requestedFrom: jsonb('requested_from').$type<RequestedFrom>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    comment: text('comment'),
    executedAt: timestamp('executed_at', { withTimezone: true, mode: 'date' }),
    failureReason: text('failure_reason'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'approval_requests_pk', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'approval_requests_tenant_fk',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }).onDelete('cascade'),
    index('approval_requests_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('approval_requests_tenant_requester_idx').on(t.tenantId, t.requestedBy, t.createdAt),
    index('approval_requests_pending_expiry_idx').on(t.expiresAt).where(sql`"status" = 'pending'`),
    check(
      'approval_requests_status_check',
      sql`"status" IN ('pending', 'approved', 'executed', 'denied', 'cancelled', 'expired', 'failed')`,
    ),
  ],
);
