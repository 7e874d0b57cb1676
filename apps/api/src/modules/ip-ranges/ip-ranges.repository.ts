import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ipRanges } from '../../db/schema/index.js';
import { containsPattern, firstRow } from '../../lib/sql.js';

export type IpRangeRow = typeof ipRanges.$inferSelect;
export type IpRangeValues = Pick<IpRangeRow, 'name' | 'startIp' | 'endIp'>;

const byId = (tenantId: string, id: string) => and(eq(ipRanges.tenantId, tenantId), eq(ipRanges.id, id));

/** Every range of the tenant in creation order (not paginated: a tenant keeps a short list). */
export async function listRanges(tenantId: string, db: Executor, searchText?: string) {
  const pattern = searchText ? containsPattern(searchText) : undefined;
  return db
    .select()
    .from(ipRanges)
    .where(
      and(
        eq(ipRanges.tenantId, tenantId),
        pattern
          ? or(
              sql`${ipRanges.name} ilike ${pattern}`,
              sql`${ipRanges.startIp} ilike ${pattern}`,
              sql`${ipRanges.endIp} ilike ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(ipRanges.createdAt), asc(ipRanges.id));
}

/** Only the bounds, for the network access check (through the tenant_id-leading primary key). */
export function listRangeBounds(tenantId: string, db: Executor) {
  return db
    .select({ id: ipRanges.id, startIp: ipRanges.startIp, endIp: ipRanges.endIp })
    .from(ipRanges)
    .where(eq(ipRanges.tenantId, tenantId));
}

/** The range; locked until the transaction ends for a save or a delete (CHANGE_LOCK). */
export async function findRange(
  tenantId: string,
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db.select().from(ipRanges).where(byId(tenantId, id)).limit(1).$dynamic();
  return firstRow(query, options);
}

/** Names are unique per tenant regardless of case (the unique index says the same). */
export async function nameTaken(tenantId: string, db: Executor, name: string, exceptId?: string) {
  const conditions: (SQL | undefined)[] = [
    eq(ipRanges.tenantId, tenantId),
    sql`lower(${ipRanges.name}) = lower(${name})`,
    exceptId ? sql`${ipRanges.id} <> ${exceptId}` : undefined,
  ];
  const rows = await db
    .select({ id: ipRanges.id })
    .from(ipRanges)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

export async function insertRange(tenantId: string, db: Executor, values: IpRangeValues) {
  const [row] = await db
    .insert(ipRanges)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateRange(tenantId: string, db: Executor, id: string, values: IpRangeValues) {
  const [row] = await db
    .update(ipRanges)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(tenantId, id))
    .returning();
  return row!;
}

export async function deleteRange(tenantId: string, db: Executor, id: string) {
  await db.delete(ipRanges).where(byId(tenantId, id));
}
