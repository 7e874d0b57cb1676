import { ADMIN_ROLE_MESSAGES, type AdminRole, type Permission } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { forbidden } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { findAdminRoles, replaceAdminRoles } from './admin-roles.repository.js';
import type { UserRow } from './users.repository.js';
import { assertKeepsAnOwner, type KeepsBreakGlass } from './users.rules.js';

export const holds = (actor: Pick<Actor, 'permissions'>, permission: Permission) =>
  actor.permissions.includes(permission);

/**
 * A User administrator resets the password and MFA of users who are not administrators only: an
 * administrator's credentials lead to their rights, so resetting them takes the sign-in permission
 * (an Owner's or a Security administrator's).
 */
export function assertMayResetCredentials(actor: Actor, user: Pick<UserRow, 'isAdmin'>) {
  if (user.isAdmin && !holds(actor, 'sign-in:write'))
    throw forbidden(ADMIN_ROLE_MESSAGES.administratorCredentials);
}

/**
 * Another administrator's address, password and status lead to their rights as well: only whoever may
 * grant roles (an Owner) changes them or deletes the administrator.
 */
export function assertMayChangeAdministrator(actor: Actor, user: Pick<UserRow, 'id' | 'isAdmin'>) {
  if (user.isAdmin && user.id !== actor.userId && !holds(actor, 'admin-roles:write'))
    throw forbidden(ADMIN_ROLE_MESSAGES.administratorAccount);
}

/** Granting or taking away Owner is an Owner's (a person's: an API token holds no role). */
export function assertMayChangeOwner(actor: Actor) {
  if (!actor.adminRoles.includes('Owner')) throw forbidden(ADMIN_ROLE_MESSAGES.ownerGrantsOwner);
}

const sameRoles = (a: readonly AdminRole[], b: readonly AdminRole[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/**
 * Gives a user exactly `next` roles in the caller's transaction: refuses who may not (the roles
 * permission; Owner for Owner) and taking the last Owner's role away, then writes the roles (and
 * is_admin) and audits the change with both lists. Answers the roles before and after.
 */
export async function changeAdminRoles(
  tx: Tx,
  actor: Actor,
  meta: RequestMeta,
  user: Pick<UserRow, 'id' | 'email' | 'status' | 'isAdmin'>,
  next: readonly AdminRole[],
  keepsBreakGlass: KeepsBreakGlass,
) {
  const { tenantId } = actor;
  const before = await findAdminRoles(tenantId, tx, user.id);
  if (sameRoles(before, next)) return { before, after: before, changed: false };
  if (!holds(actor, 'admin-roles:write'))
    throw forbidden(ADMIN_ROLE_MESSAGES.missingPermission('admin-roles:write'));
  const losesOwner = before.includes('Owner') && !next.includes('Owner');
  if (losesOwner || (!before.includes('Owner') && next.includes('Owner'))) assertMayChangeOwner(actor);
  await assertKeepsAnOwner(
    tenantId,
    tx,
    user,
    // Their own role only: an Owner through a group stays one.
    { owner: losesOwner ? 'own' : false, admin: before.length > 0 && next.length === 0 },
    keepsBreakGlass,
  );
  await replaceAdminRoles(tenantId, tx, user.id, next);
  const after = await findAdminRoles(tenantId, tx, user.id);
  await recordAudit(tx, meta, {
    tenantId,
    actorId: actor.userId,
    action: 'update-admin-roles',
    targetType: 'user',
    targetId: user.id,
    targetName: user.email,
    before: { adminRoles: before.join(', ') },
    after: { adminRoles: after.join(', ') },
  });
  return { before, after, changed: true };
}
