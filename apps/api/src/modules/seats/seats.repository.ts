import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { groups, licenses, roles, users } from '../../db/schema/index.js';

export type DevopsLevel = 'full' | 'read';

/**
 * The DevOps level a role grants: full wins over read, so that a user never takes two seats.
 * (The contract lets a role hold one of them only; this keeps the count right for older rows too.)
 */
const levelOfRole = sql<DevopsLevel | null>`case when ${roles.devopsFullAccess} then 'full' when ${roles.devopsReadAccess} then 'read' end`;

/** Users per DevOps level, over users → groups → roles in one grouped query. */
export async function countSeatsByLevel(tenantId: string, db: Executor) {
  return db
    .select({ level: levelOfRole, users: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .innerJoin(roles, and(eq(roles.tenantId, groups.tenantId), eq(roles.id, groups.roleId)))
    .where(and(eq(users.tenantId, tenantId), sql`${levelOfRole} is not null`))
    .groupBy(levelOfRole);
}

export async function findRoleLevel(tenantId: string, db: Executor, roleId: string) {
  const [row] = await db
    .select({ level: levelOfRole })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)))
    .limit(1);
  return row?.level ?? null;
}

/**
 * How many of these users of the tenant do not hold a seat of `level` yet: those are the seats that
 * adding them needs (someone who moves between two groups of the same level keeps their seat).
 */
export async function countUsersWithoutSeat(
  tenantId: string,
  db: Executor,
  userIds: string[],
  level: DevopsLevel,
) {
  if (userIds.length === 0) return 0;
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .leftJoin(roles, and(eq(roles.tenantId, groups.tenantId), eq(roles.id, groups.roleId)))
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, userIds),
        sql`${levelOfRole} is distinct from ${level}`,
      ),
    );
  return row?.value ?? 0;
}

/**
 * The tenant's DevOps licence limits (name → seats available), or null without a licence. The row stays
 * locked until the transaction ends: seats are counted after this, so two changes of one tenant that
 * take seats count them one after the other instead of both seeing the same seats free.
 */
export async function lockDevopsLimits(tenantId: string, db: Executor) {
  const [row] = await db
    .select({ limits: licenses.limits })
    .from(licenses)
    .where(and(eq(licenses.tenantId, tenantId), eq(licenses.product, 'Devops')))
    .limit(1)
    .for('update');
  return row ? row.limits : null;
}
