import { REFUSALS } from '@skyvault/contract';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import * as repo from './seats.repository.js';

/** The licence limit that counts the seats of each DevOps level. */
const LIMIT_OF_LEVEL = { full: 'devopsFullAccess', read: 'devopsReadAccess' } as const;

/**
 * DevOps seats in use: users whose group's role grants full or read access. Counted when asked,
 * never stored, so that it cannot drift from the groups and roles.
 */
export async function countDevopsSeatsInUse(
  tenantId: string,
  tx: Executor,
): Promise<{ full: number; read: number }> {
  const seats = { full: 0, read: 0 };
  for (const row of await repo.countSeatsByLevel(tenantId, tx)) {
    if (row.level) seats[row.level] = row.users;
  }
  return seats;
}

/**
 * Refuses (409) to put these users into a group whose role takes a DevOps seat when the tenant's
 * licence has too few seats of that level left. Call it before the users are moved into the group.
 * A role without DevOps access, a tenant without a DevOps licence, or a licence without that limit
 * is not checked.
 */
export async function assertDevopsSeats(
  tenantId: string,
  tx: Executor,
  { roleId, addedUserIds }: { roleId: string; addedUserIds: string[] },
): Promise<void> {
  // Locked first, even for a role without a level: a change raising that role meanwhile waits for this one.
  const limits = await repo.lockDevopsLimits(tenantId, tx);
  if (!limits) return;
  const level = await repo.findRoleLevel(tenantId, tx, roleId);
  if (!level) return;
  const limit = limits.find((l) => l.name === LIMIT_OF_LEVEL[level]);
  if (!limit) return;
  const needed = await repo.countUsersWithoutSeat(tenantId, tx, [...new Set(addedUserIds)], level);
  if (needed === 0) return;
  const available = Math.max(0, limit.available - (await countDevopsSeatsInUse(tenantId, tx))[level]);
  if (needed > available) {
    throw conflict(REFUSALS.devopsSeats(available, needed));
  }
}

/**
 * Runs a change that may alter what users count as (a role's licence level raised, a group given
 * another role) and refuses it (409, and the caller's transaction rolls back) when it takes more
 * DevOps seats of a level than the licence has. A change that takes none, or frees some, passes even
 * when the tenant is already over its seats (a licence cut by the operator).
 */
export async function withinDevopsSeats<T>(
  tenantId: string,
  tx: Executor,
  change: () => Promise<T>,
  /** The body's field that takes the seats (the users being added), where a form shows the refusal. */
  { field }: { field?: string } = {},
): Promise<T> {
  // The lock comes before the first count, so that no other change of seats slips in between.
  const limits = await repo.lockDevopsLimits(tenantId, tx);
  if (!limits) return change();
  const before = await countDevopsSeatsInUse(tenantId, tx);
  const result = await change();
  const after = await countDevopsSeatsInUse(tenantId, tx);
  for (const level of ['full', 'read'] as const) {
    if (after[level] <= before[level]) continue;
    const limit = limits.find((l) => l.name === LIMIT_OF_LEVEL[level]);
    if (limit && after[level] > limit.available) {
      const available = Math.max(0, limit.available - before[level]);
      const message = REFUSALS.devopsSeats(available, after[level] - before[level]);
      throw conflict(message, field ? { [field]: message } : undefined);
    }
  }
  return result;
}
