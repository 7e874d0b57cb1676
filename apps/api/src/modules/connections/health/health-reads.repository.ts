import {
  CONNECTION_CHECKS_SHOWN,
  type ConnectionHealthReason,
  type ConnectionHealthStatus,
  UNHEALTHY_STATUSES,
} from '@skyvault/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { newestFirst } from '../../../db/order.js';
import { connectionChecks, connections, users } from '../../../db/schema/index.js';
import { creatorOf, LISTED } from '../connections.repository.js';

/** One connection as the list shows it, with the org it is pinned to (no token is even selected). */
export async function findDetail(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select({
      ...LISTED,
      orgId: connections.orgId,
      instanceUrl: connections.instanceUrl,
      isSandbox: connections.isSandbox,
      apiVersion: connections.apiVersion,
      observedOrgId: connections.observedOrgId,
      earlierOrgIds: connections.earlierOrgIds,
      storageId: connections.storageId,
    })
    .from(connections)
    .leftJoin(users, creatorOf)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)))
    .limit(1);
  return row ?? null;
}

/** The connection's last checks, newest first (the index on tenant, connection, time serves it). */
export function listChecks(tenantId: string, db: Executor, connectionId: string) {
  return db
    .select({
      id: connectionChecks.id,
      checkedAt: connectionChecks.checkedAt,
      trigger: connectionChecks.trigger,
      status: connectionChecks.status,
      reason: connectionChecks.reason,
      apiUsed: connectionChecks.apiUsed,
      apiMax: connectionChecks.apiMax,
      orgId: connectionChecks.orgId,
      instanceUrl: connectionChecks.instanceUrl,
      isSandbox: connectionChecks.isSandbox,
      apiVersion: connectionChecks.apiVersion,
      durationMs: connectionChecks.durationMs,
    })
    .from(connectionChecks)
    .where(and(eq(connectionChecks.tenantId, tenantId), eq(connectionChecks.connectionId, connectionId)))
    .orderBy(newestFirst(connectionChecks.checkedAt))
    .limit(CONNECTION_CHECKS_SHOWN);
}

/** The UTC day of a check, as the usage chart labels it. */
const dayOf = sql<string>`to_char(${connectionChecks.checkedAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Per UTC day since `since`, the usage the day's last check saw (days without one are left out), oldest first. */
export async function usageByDay(tenantId: string, db: Executor, connectionId: string, since: Date) {
  const rows = await db
    .selectDistinctOn([dayOf], { day: dayOf, used: connectionChecks.apiUsed, max: connectionChecks.apiMax })
    .from(connectionChecks)
    .where(
      and(
        eq(connectionChecks.tenantId, tenantId),
        eq(connectionChecks.connectionId, connectionId),
        gte(connectionChecks.checkedAt, since),
        isNotNull(connectionChecks.apiUsed),
        isNotNull(connectionChecks.apiMax),
      ),
    )
    .orderBy(asc(dayOf), desc(connectionChecks.checkedAt));
  return rows.map((r) => ({ day: r.day, used: r.used!, max: r.max! }));
}

/** The tenant's connections whose health needs a person: the first `limit` by name, and how many in all. */
export async function listUnhealthy(tenantId: string, db: Executor, limit: number) {
  const rows = await db
    .select({
      id: connections.id,
      name: connections.name,
      status: connections.healthStatus,
      reason: connections.healthReason,
      count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(connections)
    .where(
      and(eq(connections.tenantId, tenantId), inArray(connections.healthStatus, [...UNHEALTHY_STATUSES])),
    )
    .orderBy(sql`lower(${connections.name})`, asc(connections.id))
    .limit(limit);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status as ConnectionHealthStatus,
      reason: r.reason as ConnectionHealthReason | null,
    })),
    count: rows[0]?.count ?? 0,
  };
}
