import { and, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { auditEvents } from '../src/db/schema/index.js';

/**
 * A tenant's audit events that match (each field optional), in the trail's order (seq): a query
 * without an order answers in whatever order its plan reads, which an analyzed table changes.
 */
export const auditTrailOf = (
  database: Database,
  tenantId: string,
  match: { action?: string; targetType?: string; targetId?: string } = {},
) =>
  database.tenant(tenantId, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.tenantId, tenantId),
          match.action === undefined ? undefined : eq(auditEvents.action, match.action),
          match.targetType === undefined ? undefined : eq(auditEvents.targetType, match.targetType),
          match.targetId === undefined ? undefined : eq(auditEvents.targetId, match.targetId),
        ),
      )
      .orderBy(auditEvents.seq),
  );
