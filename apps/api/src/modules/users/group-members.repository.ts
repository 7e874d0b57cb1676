import { type AdminRole, sortedAdminRoles } from '@skyvault/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userAdminRoles, users } from '../../db/schema/index.js';
import { userSearch } from './users.repository.js';

/**
 * A group's users are the users whose group_id names it (a user is in one group at most), so these
 * queries read and change users.group_id: they live with the users, who alone write that table, and
 * the groups module calls them through user-accounts.ts.
 */

/** The group's users, or with isRelated false everyone else (the edit screen's picker). */
export async function listGroupUsers(
  tenantId: string,
  db: Executor,
  groupId: string,
  query: { isRelated: boolean; limit: number; offset: number; search?: string },
) {
  const where = and(
    eq(users.tenantId, tenantId),
    query.isRelated ? eq(users.groupId, groupId) : sql`${users.groupId} is distinct from ${groupId}`,
    userSearch(query.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        // The group's page shows who among its members administers the console (migration 0038).
        adminRoles: sql<
          AdminRole[]
        >`array(select ${userAdminRoles.role} from ${userAdminRoles} where ${userAdminRoles.tenantId} = ${users.tenantId} and ${userAdminRoles.userId} = ${users.id})`,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.updatedAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, adminRoles: sortedAdminRoles(row.adminRoles) })),
    count: total?.value ?? 0,
  };
}

/** Which of these ids are the tenant's users. */
export async function findTenantUserIds(tenantId: string, db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
  return rows.map((row) => row.id);
}

/** Moves the users into the group, from whichever group they were in. */
export async function addUsersToGroup(tenantId: string, db: Executor, groupId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ groupId, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
}

/** Removes these users from the group in one statement; answers the ids that were in it. */
export async function removeUsersFromGroup(
  tenantId: string,
  db: Executor,
  groupId: string,
  userIds: string[],
) {
  if (userIds.length === 0) return [];
  const rows = await db
    .update(users)
    .set({ groupId: null, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.groupId, groupId), inArray(users.id, userIds)))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** Removes one user from the group; false when the user is not in it. */
export async function removeUserFromGroup(tenantId: string, db: Executor, groupId: string, userId: string) {
  return (await removeUsersFromGroup(tenantId, db, groupId, [userId])).length > 0;
}

/** Removes every user from the group (its role changed); answers how many there were. */
export async function clearGroupUsers(tenantId: string, db: Executor, groupId: string) {
  const rows = await db
    .update(users)
    .set({ groupId: null, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.groupId, groupId)))
    .returning({ id: users.id });
  return rows.length;
}

/** Every user of the group, oldest first (a provisioning client reads a group with all its members). */
export async function listGroupMembers(tenantId: string, db: Executor, groupId: string) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.groupId, groupId)))
    .orderBy(asc(users.createdAt), asc(users.id));
}
