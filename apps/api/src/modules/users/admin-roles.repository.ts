import { type AdminRole, sortedAdminRoles } from '@skyvault/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userAdminRoles, users } from '../../db/schema/index.js';

/** The administrator roles a user holds, in the role table's order (none: not an administrator). */
export async function findAdminRoles(tenantId: string, db: Executor, userId: string) {
  const rows = await db
    .select({ role: userAdminRoles.role })
    .from(userAdminRoles)
    .where(and(eq(userAdminRoles.tenantId, tenantId), eq(userAdminRoles.userId, userId)));
  return sortedAdminRoles(rows.map((row) => row.role));
}

/**
 * Gives the user exactly these roles and keeps users.is_admin in step (true while they hold one), which
 * the release before this one reads. Emptied, is_admin goes false first and migration 0038's trigger
 * removes the rows; otherwise the rows are written first, so the trigger finds them and adds no Owner.
 */
export async function replaceAdminRoles(
  tenantId: string,
  db: Executor,
  userId: string,
  roles: readonly AdminRole[],
) {
  const mine = and(eq(userAdminRoles.tenantId, tenantId), eq(userAdminRoles.userId, userId));
  const user = and(eq(users.tenantId, tenantId), eq(users.id, userId));
  if (roles.length === 0) {
    await db.update(users).set({ isAdmin: false, updatedAt: new Date() }).where(user);
    await db.delete(userAdminRoles).where(mine);
    return;
  }
  await db.delete(userAdminRoles).where(and(mine, notInArray(userAdminRoles.role, [...roles])));
  await db
    .insert(userAdminRoles)
    .values(roles.map((role) => ({ tenantId, userId, role })))
    .onConflictDoNothing();
  await db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(user);
}

/**
 * The tenant's Owners who can still reach the console (not disabled, not waiting for their
 * invitation), their user rows locked until the transaction ends (the last-Owner rule).
 */
export async function lockWorkingOwners(tenantId: string, db: Executor) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      userAdminRoles,
      and(
        eq(userAdminRoles.tenantId, users.tenantId),
        eq(userAdminRoles.userId, users.id),
        eq(userAdminRoles.role, 'Owner'),
      ),
    )
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.isAdmin, true),
        inArray(users.status, ['Confirmed', 'ForceResetPassword']),
      ),
    )
    .for('update', { of: users });
  return rows.map((row) => row.id);
}
