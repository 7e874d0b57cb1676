import type { UserStatus } from '@skyvault/contract';
import { ADMIN_ROLE_MESSAGES, REFUSALS } from '@skyvault/contract';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { lockWorkingOwners, type OwnerRow } from './admin-roles.repository.js';
import type { UserRow } from './users.repository.js';

/**
 * User status transitions (SPEC.md §4 names the states, not the moves between them):
 *
 * - create with a password → Confirmed; without one → WaitConfirmation, and the user is e-mailed an
 *   invitation link to set their password;
 * - WaitConfirmation or ForceResetPassword → Confirmed once a password is set, through the e-mailed
 *   link (passwords.service) or by an administrator's edit;
 * - any state → Disabled by an administrator; the user's sessions end at once and login is refused;
 * - Disabled → Confirmed by an administrator ("enable"), or back to WaitConfirmation for a user who
 *   never set a password;
 * - Confirmed or ForceResetPassword → ForceResetPassword by an administrator's Reset password: the
 *   sessions end and a reset link is e-mailed; for WaitConfirmation the invitation is sent again.
 *   A disabled user gets no reset link (enable them first).
 */

/** The status a PATCH leaves the user in; refuses the moves the list above does not have. */
export function nextStatus(
  user: Pick<UserRow, 'status' | 'passwordHash'>,
  requested: 'Confirmed' | 'Disabled' | undefined,
  passwordSet: boolean,
): UserStatus {
  if (requested === 'Disabled') return 'Disabled';
  if (requested === 'Confirmed' && user.status !== 'Confirmed') {
    if (user.status !== 'Disabled') throw conflict(REFUSALS.user.enableOnlyDisabled);
    return user.passwordHash || passwordSet ? 'Confirmed' : 'WaitConfirmation';
  }
  // An administrator's new password confirms a user who waited for one; a disabled user stays so.
  if (passwordSet && (user.status === 'WaitConfirmation' || user.status === 'ForceResetPassword')) {
    return 'Confirmed';
  }
  return user.status;
}

/** Whether the user can reach the console (what the last-Owner rule counts). */
const isWorking = (user: Pick<UserRow, 'status'>) =>
  user.status === 'Confirmed' || user.status === 'ForceResetPassword';

/**
 * Refuses (409) to delete or disable the tenant's last working Owner, or to take the Owner role away
 * from them: nobody could grant roles afterwards. The Owners' rows stay locked until the transaction
 * ends, so that two Owners demoting each other at the same time cannot both pass. An administrator who
 * stops being one may also be the last break-glass administrator (the domains module's rule).
 */
export async function assertKeepsAnOwner(
  tenantId: string,
  tx: Executor,
  user: Pick<UserRow, 'id' | 'status' | 'isAdmin'>,
  leaving: {
    /** true: the user stops being an Owner at all; 'own': only their own Owner role goes (a group's stays). */
    owner: boolean | 'own';
    admin: boolean;
  },
  keepsBreakGlass: KeepsBreakGlass,
) {
  if (!isWorking(user)) return;
  if (leaving.owner) {
    const stays = (owner: OwnerRow) =>
      owner.id !== user.id || (leaving.owner === 'own' && owner.ownerGroupId !== null);
    await assertAnOwnerStays(tenantId, tx, stays, ADMIN_ROLE_MESSAGES.lastOwner);
  }
  if (leaving.admin && user.isAdmin) await keepsBreakGlass(tx, tenantId, user.id);
}

/**
 * Refuses (409) a change after which none of the tenant's working Owners (their own role or a group's)
 * would stay one: `stays` says who still would. A tenant that has no Owner now is not refused.
 */
export async function assertAnOwnerStays(
  tenantId: string,
  tx: Executor,
  stays: (owner: OwnerRow) => boolean,
  message: string,
) {
  const owners = await lockWorkingOwners(tenantId, tx);
  if (owners.length > 0 && !owners.some(stays)) throw conflict(message);
}

/** Refuses taking away the tenant's last break-glass administrator while single sign-on is enforced. */
export type KeepsBreakGlass = (tx: Executor, tenantId: string, userId: string) => Promise<void>;
