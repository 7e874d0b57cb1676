import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { groups, roleConnectionPermissions, roles } from '../../db/schema/index.js';
import { containsPattern, firstRow } from '../../lib/sql.js';

export type GroupRow = typeof groups.$inferSelect;
export type GroupValues = Pick<GroupRow, 'name' | 'description' | 'roleId'>;

/** Counted per row in SQL through the (tenant_id, group_id) index of users: no query per group. */
const userCount = sql<number>`(select count(*)::int from users u where u.tenant_id = ${groups.tenantId} and u.group_id = ${groups.id})`;

/** A group with its role's name and its number of users. */
const groupView = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  roleId: groups.roleId,
  roleName: roles.name,
  userCount,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
};

const withRole = and(eq(roles.tenantId, groups.tenantId), eq(roles.id, groups.roleId));

/** One page of a tenant's groups by name, and the count of all that match. */
export async function listGroups(
  tenantId: string,
  db: Executor,
  query: { limit: number; offset: number; searchText?: string; name?: string },
) {
  const where = and(
    eq(groups.tenantId, tenantId),
    // An exact name, whatever its case (what the unique index on lower(name) holds): a SCIM filter.
    query.name !== undefined ? sql`lower(${groups.name}) = lower(${query.name})` : undefined,
    // lower(name) is what the trigram index holds, so the search can use it.
    query.searchText ? sql`lower(${groups.name}) ilike ${containsPattern(query.searchText)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    query.limit === 0
      ? Promise.resolve([])
      : db
          .select(groupView)
          .from(groups)
          .innerJoin(roles, withRole)
          .where(where)
          .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
          .limit(query.limit)
          .offset(query.offset),
    db.select({ value: count() }).from(groups).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function findGroupView(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select(groupView)
    .from(groups)
    .innerJoin(roles, withRole)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)))
    .limit(1);
  return row ?? null;
}
export type GroupViewRow = NonNullable<Awaited<ReturnType<typeof findGroupView>>>;

export async function findGroup(
  tenantId: string,
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)))
    .limit(1)
    .$dynamic();
  return firstRow(query, options);
}

/** The group, locked until the transaction ends: what a save or a delete takes first (CHANGE_LOCK). */
export const lockGroup = (tenantId: string, db: Executor, id: string) =>
  findGroup(tenantId, db, id, { lock: true });

/** Names are unique per tenant regardless of case (the unique index says the same). */
export async function nameTaken(tenantId: string, db: Executor, name: string, exceptId?: string) {
  const conditions: (SQL | undefined)[] = [
    eq(groups.tenantId, tenantId),
    sql`lower(${groups.name}) = lower(${name})`,
    exceptId ? sql`${groups.id} <> ${exceptId}` : undefined,
  ];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** Whether the role is this tenant's (a group may only give its users a role of its own tenant). */
export async function roleExists(tenantId: string, db: Executor, roleId: string) {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertGroup(tenantId: string, db: Executor, values: GroupValues) {
  const [row] = await db
    .insert(groups)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateGroup(tenantId: string, db: Executor, id: string, values: Partial<GroupValues>) {
  const [row] = await db
    .update(groups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)))
    .returning();
  return row!;
}

/** Its users keep no group: the users → groups foreign key sets their group_id to null. */
export async function deleteGroup(tenantId: string, db: Executor, id: string) {
  await db.delete(groups).where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)));
}

/**
 * The tenant's least privileged role, for a group an identity provider creates (it names no role): no
 * full access and no DevOps level first (such a group takes no seats), then the fewest connection
 * rights, then the oldest. Null when the tenant has no role at all.
 */
export async function leastPrivilegedRoleId(tenantId: string, db: Executor) {
  const rights = sql<number>`(select count(*)::int from ${roleConnectionPermissions} p where p.tenant_id = ${roles.tenantId} and p.role_id = ${roles.id})`;
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.tenantId, tenantId))
    .orderBy(
      asc(
        sql`${roles.backupFullAccess}::int + ${roles.devopsFullAccess}::int + ${roles.devopsReadAccess}::int`,
      ),
      asc(rights),
      asc(roles.createdAt),
      asc(roles.id),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Whether the tenant has a group: a part of the setup guide's one statement (modules/setup-guide). */
export const tenantHasGroup = (tenantId: string) =>
  sql<boolean>`exists (select 1 from ${groups} where ${groups.tenantId} = ${tenantId})`;
