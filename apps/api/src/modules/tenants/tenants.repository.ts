import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenants } from '../../db/schema/index.js';

export async function findTenant(tenantId: string, db: Executor) {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ?? null;
}

export async function insertTenant(db: Executor, values: typeof tenants.$inferInsert) {
  const [row] = await db.insert(tenants).values(values).returning();
  return row!;
}

export async function updateTenant(
  tenantId: string,
  db: Executor,
  values: Partial<Pick<typeof tenants.$inferSelect, 'name' | 'status' | 'services'>>,
) {
  const [row] = await db
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.id, tenantId))
    .returning();
  return row ?? null;
}

/** Tenant names are unique regardless of case; owner connection, since it spans tenants. */
export async function tenantNameTaken(db: Executor, name: string, exceptId?: string) {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      sql`lower(${tenants.name}) = lower(${name})${exceptId ? sql` and ${tenants.id} <> ${exceptId}` : sql``}`,
    )
    .limit(1);
  return rows.length > 0;
}

/** Names of the form base, base-2, base-3 … already taken, to pick the next free one. */
export async function takenNamesLike(db: Executor, base: string) {
  const rows = await db
    .select({ name: tenants.name })
    .from(tenants)
    .where(sql`lower(${tenants.name}) = lower(${base}) or lower(${tenants.name}) like lower(${`${base}-%`})`);
  return new Set(rows.map((r) => r.name.toLowerCase()));
}

/**
 * Removes sign-ups that were never verified: the given ones, or all pending since before `createdBefore`.
 * Their user, links and audit trail go with them (foreign keys cascade), and their names are free again.
 * Owner connection, since it spans tenants. Answers the names removed.
 */
export async function deletePendingSignUps(db: Executor, which: { ids: string[] } | { createdBefore: Date }) {
  const chosen =
    'ids' in which
      ? which.ids.length > 0
        ? inArray(tenants.id, which.ids)
        : sql`false`
      : lt(tenants.createdAt, which.createdBefore);
  const rows = await db
    .delete(tenants)
    .where(and(eq(tenants.status, 'pending'), chosen))
    .returning({ name: tenants.name });
  return rows.map((row) => row.name);
}
