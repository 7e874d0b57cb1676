import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { roles } from '../../db/schema/index.js';
import { containsPattern, firstRow } from '../../lib/sql.js';

export type RoleRow = typeof roles.$inferSelect;

/** One page of a tenant's roles, newest first, and the count of all that match. */
export async function listRoles(
  tenantId: string,
  db: Executor,
  query: { limit: number; offset: number; searchText?: string },
) {
  const where = and(
    eq(roles.tenantId, tenantId),
    // lower(name) is what the trigram index of migration 0004 holds, so the search can use it.
    query.searchText ? ilike(sql`lower(${roles.name})`, containsPattern(query.searchText)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(roles)
      .where(where)
      // The id breaks ties, so that paging never shows a row twice or skips one.
      .orderBy(desc(roles.createdAt), desc(roles.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(roles).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** The role; locked until the transaction ends for a save or a delete (CHANGE_LOCK). */
export async function findRole(tenantId: string, db: Executor, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .limit(1)
    .$dynamic();
  return firstRow(query, options);
}

/** Names are unique per tenant regardless of case (the unique index says the same). */
export async function nameTaken(tenantId: string, db: Executor, name: string, exceptId?: string) {
  const conditions: (SQL | undefined)[] = [
    eq(roles.tenantId, tenantId),
    sql`lower(${roles.name}) = lower(${name})`,
    exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
  ];
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

export async function insertRole(
  tenantId: string,
  db: Executor,
  values: { name: string; description: string },
) {
  const [row] = await db
    .insert(roles)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export type RoleChanges = Partial<
  Pick<
    RoleRow,
    | 'name'
    | 'description'
    | 'backupFullAccess'
    | 'devopsFullAccess'
    | 'devopsReadAccess'
    | 'pullRequests'
    | 'pipelines'
  >
>;

export async function updateRole(tenantId: string, db: Executor, id: string, changes: RoleChanges) {
  const [row] = await db
    .update(roles)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .returning();
  return row!;
}

export async function deleteRole(tenantId: string, db: Executor, id: string) {
  await db.delete(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

/** Whether the tenant has a role: a part of the setup guide's one statement (modules/setup-guide). */
export const tenantHasRole = (tenantId: string) =>
  sql<boolean>`exists (select 1 from ${roles} where ${roles.tenantId} = ${tenantId})`;
