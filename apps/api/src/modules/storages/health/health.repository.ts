import { STORAGE_CHECKS_SHOWN } from '@skyvault/contract';
import { and, asc, count, desc, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { newestFirst } from '../../../db/order.js';
import { storageChecks, storages } from '../../../db/schema/index.js';

/**
 * Claims up to `limit` storages due for their check, across tenants and the shared ones, with a lease
 * that keeps other processes off them (SKIP LOCKED: concurrent passes take disjoint rows). Run as the
 * system. A storage never checked (next_check_at NULL) is due at once.
 */
export async function claimDue(db: Executor, at: Date, leaseUntil: Date, limit: number) {
  const due = db
    .select({ id: storages.id })
    .from(storages)
    .where(
      and(
        ne(storages.type, 'Local'),
        or(isNull(storages.nextCheckAt), lte(storages.nextCheckAt, at)),
        or(isNull(storages.checkLeaseUntil), lt(storages.checkLeaseUntil, at)),
      ),
    )
    .orderBy(asc(sql`coalesce(${storages.nextCheckAt}, '-infinity')`))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(storages)
    .set({ checkLeaseUntil: leaseUntil })
    .where(sql`${storages.id} IN (${due})`)
    .returning({ id: storages.id });
}

/** A storage as a check needs it, locked until the check's transaction ends (one writer at a time). */
export async function lockForCheck(db: Executor, id: string) {
  const [row] = await db.select().from(storages).where(eq(storages.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findById(db: Executor, id: string) {
  const [row] = await db.select().from(storages).where(eq(storages.id, id)).limit(1);
  return row ?? null;
}

export async function updateHealth(db: Executor, id: string, values: Partial<typeof storages.$inferInsert>) {
  await db.update(storages).set(values).where(eq(storages.id, id));
}

export async function insertCheck(db: Executor, values: typeof storageChecks.$inferInsert) {
  await db.insert(storageChecks).values(values);
}

/** The storage page's last checks, newest first. */
export function listChecks(db: Executor, storageId: string) {
  return db
    .select({
      id: storageChecks.id,
      checkedAt: storageChecks.checkedAt,
      trigger: storageChecks.trigger,
      status: storageChecks.status,
      problem: storageChecks.problem,
      message: storageChecks.message,
      durationMs: storageChecks.durationMs,
    })
    .from(storageChecks)
    .where(eq(storageChecks.storageId, storageId))
    .orderBy(newestFirst(storageChecks.checkedAt), desc(storageChecks.id))
    .limit(STORAGE_CHECKS_SHOWN);
}

/** The tenant's own storages whose last check failed (the banner's), by name, and how many there are. */
export async function listUnhealthy(tenantId: string, db: Executor, limit: number) {
  const where = and(eq(storages.tenantId, tenantId), eq(storages.healthStatus, 'Unhealthy'));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: storages.id, name: storages.name, problem: storages.healthProblem })
      .from(storages)
      .where(where)
      .orderBy(asc(sql`lower(${storages.name})`))
      .limit(limit),
    db.select({ value: count() }).from(storages).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** Checks older than `before`, across tenants (the retention's sweep); answers how many. */
export async function deleteChecksBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(storageChecks)
    .where(lt(storageChecks.checkedAt, before))
    .returning({ id: storageChecks.id });
  return deleted.length;
}

/** Shared storages with their health, for the operators' CLI. */
export function listShared(db: Executor) {
  return db
    .select()
    .from(storages)
    .where(and(isNull(storages.tenantId), eq(storages.isShared, true)))
    .orderBy(asc(sql`lower(${storages.name})`));
}
