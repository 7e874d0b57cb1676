import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from './columns.js';
import { tenants } from './tenants.js';

/** One row per change a tenant's user makes (ARCHITECTURE §4); written in the change's transaction. */
export const auditEvents = pgTable(
  'audit_events',
  {
    ...tenantColumns(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** {field: {before, after}} with secrets redacted. */
    changes: jsonb('changes').$type<Record<string, { before?: unknown; after?: unknown }>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    index('audit_events_tenant_created_idx').on(t.tenantId, t.createdAt.desc()),
    index('audit_events_tenant_target_idx').on(t.tenantId, t.targetType, t.targetId),
  ],
);
