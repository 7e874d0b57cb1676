import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { groups, roles, tenants, users } from '../../db/schema/index.js';

/** A user with their group's role and the tenant's services (left joins: a user may have no group). */
export async function findUserRole(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      groupId: groups.id,
      services: tenants.services,
      role: {
        id: roles.id,
        backupFullAccess: roles.backupFullAccess,
        devopsFullAccess: roles.devopsFullAccess,
        devopsReadAccess: roles.devopsReadAccess,
        pullRequests: roles.pullRequests,
        pipelines: roles.pipelines,
      },
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .leftJoin(roles, and(eq(roles.tenantId, groups.tenantId), eq(roles.id, groups.roleId)))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}
