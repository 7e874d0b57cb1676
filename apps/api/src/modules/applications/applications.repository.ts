import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { applications } from '../../db/schema/index.js';
import { containsPattern, firstRow } from '../../lib/sql.js';

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationValues = Pick<
  ApplicationRow,
  'name' | 'clientId' | 'clientSecret' | 'active' | 'shared' | 'data'
>;

/** The list's columns: everything but the OAuth data, which only the details screen shows. */
const listColumns = {
  tenantId: applications.tenantId,
  id: applications.id,
  name: applications.name,
  clientId: applications.clientId,
  clientSecret: applications.clientSecret,
  active: applications.active,
  shared: applications.shared,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
};
export type ApplicationListRow = Omit<ApplicationRow, 'data'>;

const byId = (tenantId: string, id: string) =>
  and(eq(applications.tenantId, tenantId), eq(applications.id, id));

/** One page of a tenant's apps, newest first, and the count of all that match. */
export async function listApplications(
  tenantId: string,
  db: Executor,
  query: { limit: number; offset: number; searchText?: string },
) {
  const where = and(
    eq(applications.tenantId, tenantId),
    // Exactly the expression of the trigram index applications_search_trgm_idx, so the search can use it.
    query.searchText
      ? sql`lower(${applications.name} || ' ' || ${applications.clientId}) ilike ${containsPattern(query.searchText)}`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(applications)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(applications).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** The app; locked until the transaction ends for a save or a delete (CHANGE_LOCK). */
export async function findApplication(
  tenantId: string,
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db.select().from(applications).where(byId(tenantId, id)).limit(1).$dynamic();
  return firstRow(query, options);
}

/** Names are unique per tenant regardless of case (applications_tenant_name_key says the same). */
export async function nameTaken(tenantId: string, db: Executor, name: string, exceptId?: string) {
  const conditions: (SQL | undefined)[] = [
    eq(applications.tenantId, tenantId),
    sql`lower(${applications.name}) = lower(${name})`,
    exceptId ? sql`${applications.id} <> ${exceptId}` : undefined,
  ];
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

export async function insertApplication(
  tenantId: string,
  db: Executor,
  values: ApplicationValues & Pick<ApplicationRow, 'id'>,
) {
  const [row] = await db
    .insert(applications)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateApplication(
  tenantId: string,
  db: Executor,
  id: string,
  values: Partial<ApplicationValues>,
) {
  const [row] = await db
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(tenantId, id))
    .returning();
  return row!;
}

export async function deleteApplication(tenantId: string, db: Executor, id: string) {
  await db.delete(applications).where(byId(tenantId, id));
}
