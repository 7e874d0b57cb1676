import { and, asc, eq, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { connectionChecks, connections } from '../../../db/schema/index.js';

/** A connection as a check needs it, locked until the check's transaction ends (one writer at a time). */
export async function lockForCheck(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select({
      id: connections.id,
      name: connections.name,
      status: connections.status,
      organizationType: connections.organizationType,
      orgId: connections.orgId,
      instanceUrl: connections.instanceUrl,
      isSandbox: connections.isSandbox,
      apiVersion: connections.apiVersion,
      createdBy: connections.createdBy,
      healthStatus: connections.healthStatus,
      healthReason: connections.healthReason,
      checkFailures: connections.checkFailures,
      tokenVersion: connections.tokenVersion,
    })
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}
export type LockedConnection = NonNullable<Awaited<ReturnType<typeof lockForCheck>>>;

/** What a check reads before it calls Salesforce (no tokens: those go through the renewal). */
export async function findCheckTarget(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select({
      id: connections.id,
      status: connections.status,
      hasGrant: isNotNull(connections.refreshToken),
      orgId: connections.orgId,
      salesforceUserId: connections.salesforceUserId,
      tokenUsedAt: sql<Date | null>`coalesce(${connections.tokenUsedAt}, ${connections.connectedAt})`.mapWith(
        connections.tokenUsedAt,
      ),
      apiVersion: connections.apiVersion,
      apiVersionCheckedAt: connections.apiVersionCheckedAt,
      isSandbox: connections.isSandbox,
      tokenVersion: connections.tokenVersion,
    })
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)))
    .limit(1);
  return row ?? null;
}
export type CheckTarget = NonNullable<Awaited<ReturnType<typeof findCheckTarget>>>;

export async function insertCheck(
  tenantId: string,
  db: Executor,
  values: Omit<typeof connectionChecks.$inferInsert, 'tenantId' | 'id'>,
) {
  await db.insert(connectionChecks).values({ tenantId, ...values });
}

export async function updateHealth(
  tenantId: string,
  db: Executor,
  id: string,
  values: Partial<typeof connections.$inferInsert>,
) {
  await db
    .update(connections)
    .set(values)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)));
}

/**
 * How many other live connections of the same Salesforce user, in any tenant, used their grant after
 * this one did. At the approval limit, Salesforce revoked this one as the least recently used. Run
 * as the system: it answers a number and nothing of other tenants.
 */
export async function countNewerApprovals(
  db: Executor,
  target: { tenantId: string; id: string; salesforceUserId: string; usedAt: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(connections)
    .where(
      and(
        eq(connections.status, 'connected'),
        eq(connections.salesforceUserId, target.salesforceUserId),
        or(ne(connections.tenantId, target.tenantId), ne(connections.id, target.id)),
        sql`coalesce(${connections.tokenUsedAt}, ${connections.connectedAt}) > ${target.usedAt.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Claims up to `limit` connections due for their scheduled check, across tenants: a lease each, taken
 * with SKIP LOCKED so that two processes never claim the same one.
 */
export async function claimDue(db: Executor, at: Date, leaseUntil: Date, limit: number) {
  const due = db
    .select({ tenantId: connections.tenantId, id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.status, 'connected'),
        isNotNull(connections.refreshToken),
        lte(connections.nextCheckAt, at),
        or(isNull(connections.checkLeaseUntil), lt(connections.checkLeaseUntil, at)),
      ),
    )
    .orderBy(asc(connections.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(connections)
    .set({ checkLeaseUntil: leaseUntil })
    .where(sql`(${connections.tenantId}, ${connections.id}) in ${due}`)
    .returning({
      tenantId: connections.tenantId,
      id: connections.id,
      // The first check of a grant a login just made (the connection page calls it a login's).
      afterLogin: sql<boolean>`${connections.checkedAt} is null or ${connections.checkedAt} < ${connections.connectedAt}`,
    });
}

/** Checks older than the retention; answers how many went. */
export async function deleteChecksBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(connectionChecks)
    .where(lt(connectionChecks.checkedAt, before))
    .returning({ id: connectionChecks.id });
  return rows.length;
}
