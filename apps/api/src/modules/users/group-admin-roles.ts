import { ADMIN_ROLE_MESSAGES, type AdminRole, sortedAdminRoles } from '@skyvault/contract';
import type { Executor, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { forbidden } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import {
  findGroupAdminRoles,
  findGroupIdsOf,
  findMemberIds,
  findRolesOfGroups,
  replaceGroupAdminRoles,
} from './admin-roles.repository.js';
import { assertMayChangeOwner, holds } from './admin-roles.rules.js';
import { assertAnOwnerStays } from './users.rules.js';

/**
 * Gives a group exactly `next` roles, which its members hold while in it (docs/administration.md
 * "Roles through groups"), in the caller's transaction: admin-roles:write (the route checked it), an
 * Owner to give or take Owner, and never leaving the tenant without a working Owner. Audited on the
 * group. Answers the roles after.
 */
export async function changeGroupAdminRoles(
  tx: Tx,
  actor: Actor,
  meta: RequestMeta,
  group: { id: string; name: string },
  requested: readonly AdminRole[],
) {
  const { tenantId } = actor;
  const next = sortedAdminRoles(requested);
  const before = await findGroupAdminRoles(tenantId, tx, group.id);
  if (before.length === next.length && before.every((role) => next.includes(role))) return before;
  const losesOwner = before.includes('Owner') && !next.includes('Owner');
  if (losesOwner || (!before.includes('Owner') && next.includes('Owner'))) assertMayChangeOwner(actor);
  if (losesOwner)
    await assertAnOwnerStays(
      tenantId,
      tx,
      (owner) => owner.direct || owner.ownerGroupId !== group.id,
      ADMIN_ROLE_MESSAGES.lastOwnerGroup,
    );
  await replaceGroupAdminRoles(tenantId, tx, group.id, next);
  await recordAudit(tx, meta, {
    tenantId,
    actorId: actor.userId,
    action: 'update-admin-roles',
    targetType: 'group',
    targetId: group.id,
    targetName: group.name,
    before: { adminRoles: before.join(', ') },
    after: { adminRoles: next.join(', ') },
  });
  return next;
}

/**
 * Moving users into or out of groups that carry administrator roles gives or takes those roles: it
 * takes admin-roles:write (an Owner's when a group gives Owner), whoever may otherwise change groups,
 * and never leaves the tenant without a working Owner. `into` is the group they join (null: none);
 * they leave the groups they are in now.
 */
export async function assertMayMoveMembers(
  tx: Executor,
  actor: Actor,
  userIds: readonly string[],
  into: string | null,
) {
  const { tenantId } = actor;
  const leaving = (await findGroupIdsOf(tenantId, tx, userIds)).filter((id) => id !== into);
  const groups = into ? [...leaving, into] : leaving;
  const roles = await findRolesOfGroups(tenantId, tx, groups);
  if (roles.length === 0) return;
  if (!holds(actor, 'admin-roles:write'))
    throw forbidden(ADMIN_ROLE_MESSAGES.missingPermission('admin-roles:write'));
  if (roles.includes('Owner')) assertMayChangeOwner(actor);
  const givesOwner = async (ids: string[]) => (await findRolesOfGroups(tenantId, tx, ids)).includes('Owner');
  if (!(await givesOwner(leaving))) return;
  const joinsOwners = into !== null && (await givesOwner([into]));
  await assertAnOwnerStays(
    tenantId,
    tx,
    (owner) => !userIds.includes(owner.id) || owner.direct || joinsOwners,
    ADMIN_ROLE_MESSAGES.lastOwnerGroup,
  );
}

/** Emptying a group (deleting it, or a new licence role): as moving every member out of it. */
export async function assertMayEmptyGroup(tx: Executor, actor: Actor, groupId: string) {
  const members = await findMemberIds(actor.tenantId, tx, groupId);
  if (members.length > 0) await assertMayMoveMembers(tx, actor, members, null);
}
