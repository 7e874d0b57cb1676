import { type AdminRole, type Permission, sortedAdminRoles } from '@skyvault/contract';
import { and, eq, exists, gt, inArray, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  connections,
  groupAdminRoles,
  groups,
  temporaryAccess,
  userAdminRoles,
  users,
} from '../../db/schema/index.js';

/** The administrator roles a user holds, in the role table's order (none: not an administrator). */
export async function findAdminRoles(tenantId: string, db: Executor, userId: string) {
  const rows = await db
    .select({ role: userAdminRoles.role })
    .from(userAdminRoles)
    .where(and(eq(userAdminRoles.tenantId, tenantId), eq(userAdminRoles.userId, userId)));
  return sortedAdminRoles(rows.map((row) => row.role));
}

/**
 * Gives the user exactly these roles of their own (their time-bound and group roles stay). users.is_admin
 * follows in the database (migration 0040's triggers), which the release before this one reads.
 */
export async function replaceAdminRoles(
  tenantId: string,
  db: Executor,
  userId: string,
  roles: readonly AdminRole[],
) {
  const mine = and(eq(userAdminRoles.tenantId, tenantId), eq(userAdminRoles.userId, userId));
  await db
    .delete(userAdminRoles)
    .where(roles.length > 0 ? and(mine, notInArray(userAdminRoles.role, [...roles])) : mine);
  if (roles.length > 0)
    await db
      .insert(userAdminRoles)
      .values(roles.map((role) => ({ tenantId, userId, role })))
      .onConflictDoNothing();
  await db
    .update(users)
    .set({ updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** An Owner as the last-Owner rule counts them: by their own role, through their group, or both. */
export interface OwnerRow {
  id: string;
  direct: boolean;
  /** The group whose Owner role they hold, if any. */
  ownerGroupId: string | null;
}

/**
 * The tenant's permanent Owners (their own role or their group's; a time-bound Owner is not counted)
 * who can still reach the console (not disabled, not waiting for their invitation), their user rows
 * locked until the transaction ends (the last-Owner rule).
 */
export async function lockWorkingOwners(tenantId: string, db: Executor): Promise<OwnerRow[]> {
  const direct = exists(
    db
      .select({ one: sql`1` })
      .from(userAdminRoles)
      .where(
        and(
          eq(userAdminRoles.tenantId, users.tenantId),
          eq(userAdminRoles.userId, users.id),
          eq(userAdminRoles.role, 'Owner'),
        ),
      ),
  );
  const byGroup = exists(
    db
      .select({ one: sql`1` })
      .from(groupAdminRoles)
      .where(
        and(
          eq(groupAdminRoles.tenantId, users.tenantId),
          eq(groupAdminRoles.groupId, users.groupId),
          eq(groupAdminRoles.role, 'Owner'),
        ),
      ),
  );
  const rows = await db
    .select({
      id: users.id,
      direct: sql<boolean>`${direct}`,
      byGroup: sql<boolean>`${byGroup}`,
      groupId: users.groupId,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.isAdmin, true),
        inArray(users.status, ['Confirmed', 'ForceResetPassword']),
        or(direct, byGroup),
      ),
    )
    .orderBy(users.id)
    .for('update', { of: users });
  return rows.map((row) => ({
    id: row.id,
    direct: Boolean(row.direct),
    ownerGroupId: row.byGroup ? row.groupId : null,
  }));
}

/** The roles a group gives its members, in the role table's order. */
export async function findGroupAdminRoles(tenantId: string, db: Executor, groupId: string) {
  const rows = await db
    .select({ role: groupAdminRoles.role })
    .from(groupAdminRoles)
    .where(and(eq(groupAdminRoles.tenantId, tenantId), eq(groupAdminRoles.groupId, groupId)));
  return sortedAdminRoles(rows.map((row) => row.role));
}

/** The roles several groups give, together (whoever moves users between them gives or takes these). */
export async function findRolesOfGroups(tenantId: string, db: Executor, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ role: groupAdminRoles.role })
    .from(groupAdminRoles)
    .where(and(eq(groupAdminRoles.tenantId, tenantId), inArray(groupAdminRoles.groupId, [...groupIds])));
  return sortedAdminRoles(rows.map((row) => row.role));
}

/** Gives the group exactly these roles; its members' is_admin follows (migration 0040's triggers). */
export async function replaceGroupAdminRoles(
  tenantId: string,
  db: Executor,
  groupId: string,
  roles: readonly AdminRole[],
) {
  const its = and(eq(groupAdminRoles.tenantId, tenantId), eq(groupAdminRoles.groupId, groupId));
  await db
    .delete(groupAdminRoles)
    .where(roles.length > 0 ? and(its, notInArray(groupAdminRoles.role, [...roles])) : its);
  if (roles.length > 0)
    await db
      .insert(groupAdminRoles)
      .values(roles.map((role) => ({ tenantId, groupId, role })))
      .onConflictDoNothing();
}

/**
 * Each role a user holds now with where it comes from: their own, a time-bound grant still running,
 * their group's.
 */
export async function findRoleSources(tenantId: string, db: Executor, userId: string) {
  const own = await db
    .select({ role: userAdminRoles.role })
    .from(userAdminRoles)
    .where(and(eq(userAdminRoles.tenantId, tenantId), eq(userAdminRoles.userId, userId)));
  const timed = await db
    .select({ id: temporaryAccess.id, role: temporaryAccess.role, expiresAt: temporaryAccess.expiresAt })
    .from(temporaryAccess)
    .where(
      and(
        eq(temporaryAccess.tenantId, tenantId),
        eq(temporaryAccess.userId, userId),
        isNotNull(temporaryAccess.role),
        gt(temporaryAccess.expiresAt, sql`now()`),
      ),
    );
  const byGroup = await db
    .select({ role: groupAdminRoles.role, groupId: groups.id, groupName: groups.name })
    .from(users)
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .innerJoin(
      groupAdminRoles,
      and(eq(groupAdminRoles.tenantId, groups.tenantId), eq(groupAdminRoles.groupId, groups.id)),
    )
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return { own, timed, byGroup };
}

/** The permissions on one resource a user holds now, with the connection's name. */
export async function findResourceGrants(tenantId: string, db: Executor, userId: string) {
  return db
    .select({
      id: temporaryAccess.id,
      permission: temporaryAccess.permission,
      resourceType: temporaryAccess.resourceType,
      resourceId: temporaryAccess.resourceId,
      resourceName: connections.name,
      expiresAt: temporaryAccess.expiresAt,
    })
    .from(temporaryAccess)
    .leftJoin(
      connections,
      and(eq(connections.tenantId, temporaryAccess.tenantId), eq(connections.id, temporaryAccess.resourceId)),
    )
    .where(
      and(
        eq(temporaryAccess.tenantId, tenantId),
        eq(temporaryAccess.userId, userId),
        isNotNull(temporaryAccess.permission),
        gt(temporaryAccess.expiresAt, sql`now()`),
      ),
    )
    .orderBy(temporaryAccess.expiresAt);
}

export type TemporaryKind = { role: AdminRole } | { permission: Permission; connectionId: string };

/**
 * Grants the role or permission until `minutes` from now by the database's clock (every process reads
 * the end against the same clock); granted again, the same grant ends at the new time instead. Answers
 * the grant with its end before (null: new).
 */
export async function upsertTemporaryAccess(
  tenantId: string,
  db: Executor,
  userId: string,
  kind: TemporaryKind,
  minutes: number,
) {
  const values =
    'role' in kind
      ? { role: kind.role, permission: null, resourceType: null, resourceId: null }
      : {
          role: null,
          permission: kind.permission,
          resourceType: 'connection' as const,
          resourceId: kind.connectionId,
        };
  const same = and(
    eq(temporaryAccess.tenantId, tenantId),
    eq(temporaryAccess.userId, userId),
    'role' in kind
      ? eq(temporaryAccess.role, kind.role)
      : and(
          eq(temporaryAccess.permission, kind.permission),
          eq(temporaryAccess.resourceId, kind.connectionId),
        ),
  );
  const until = sql`now() + make_interval(mins => ${minutes}::int)`;
  const [before] = await db
    .select({ id: temporaryAccess.id, expiresAt: temporaryAccess.expiresAt })
    .from(temporaryAccess)
    .where(same)
    .for('update');
  if (before) {
    const [row] = await db
      .update(temporaryAccess)
      .set({ expiresAt: until })
      .where(and(eq(temporaryAccess.tenantId, tenantId), eq(temporaryAccess.id, before.id)))
      .returning({ id: temporaryAccess.id, expiresAt: temporaryAccess.expiresAt });
    return { ...row!, before: before.expiresAt };
  }
  const [row] = await db
    .insert(temporaryAccess)
    .values({ tenantId, userId, ...values, expiresAt: until })
    .returning({ id: temporaryAccess.id, expiresAt: temporaryAccess.expiresAt });
  return { ...row!, before: null };
}

/** Removes one of the user's grants (ended early); answers it, or null if there was none. */
export async function deleteTemporaryAccess(tenantId: string, db: Executor, userId: string, id: string) {
  const [row] = await db
    .delete(temporaryAccess)
    .where(
      and(
        eq(temporaryAccess.tenantId, tenantId),
        eq(temporaryAccess.userId, userId),
        eq(temporaryAccess.id, id),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Removes up to `limit` grants that have ended, in every tenant (the owner connection), skipping rows
 * another process is removing: each ended grant is removed, and its ending audited, by one process.
 */
export async function takeEndedTemporaryAccess(db: Executor, limit: number) {
  const due = db
    .select({ tenantId: temporaryAccess.tenantId, id: temporaryAccess.id })
    .from(temporaryAccess)
    .where(lte(temporaryAccess.expiresAt, sql`now()`))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .delete(temporaryAccess)
    .where(sql`(${temporaryAccess.tenantId}, ${temporaryAccess.id}) IN (${due})`)
    .returning();
}

/** Whether the tenant has this connection (a permission on it can be granted). */
/** The connection's name, or null when the tenant has no such connection. */
export async function findConnectionName(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select({ name: connections.name })
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)));
  return row ? row.name : null;
}

/** The groups these users are in now (the ones they leave when moved). */
export async function findGroupIdsOf(tenantId: string, db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ groupId: users.groupId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...userIds]), isNotNull(users.groupId)));
  return rows.map((row) => row.groupId!);
}

/** The users in a group now. */
export async function findMemberIds(tenantId: string, db: Executor, groupId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.groupId, groupId)));
  return rows.map((row) => row.id);
}
