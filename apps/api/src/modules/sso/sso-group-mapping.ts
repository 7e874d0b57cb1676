import { type Claims, matchGroupRules } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import { identityProviderActorName, type RequestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { groupRulesOf } from '../group-mapping/index.js';
import { groupForAssignment } from '../groups/index.js';
import { assertDevopsSeats } from '../seats/index.js';
import { type UserRow, updateUser } from '../users/index.js';
import * as repo from './sso.repository.js';

export interface MappedProvider {
  id: string;
  name: string;
  defaultGroupId: string | null;
}

/**
 * The provider's group mapping, applied at a sign-in (docs/sso.md "Group mapping"); nothing at all
 * for a provider without rules, so groups an administrator set by hand stay. With rules:
 * - the first rule that matches the claims sets the user's group, whatever it was;
 * - when none matches, the membership the mapping gave last time (remembered on the user's link to
 *   the provider) goes back to the provider's default group, or to none without one; a group an
 *   administrator chose by hand since then stays;
 * - a group that is gone, or whose role has no DevOps seat left for the user, is not given: the user
 *   is left without the mapped group rather than kept in one the provider no longer vouches for.
 * Each change is audited with the provider as the actor. `created`: the user was made by this sign-in
 * (in the default group), so the mapping owns their group from the start.
 */
export async function applyGroupMapping(
  tx: Tx,
  tenantId: string,
  provider: MappedProvider,
  signedIn: { user: UserRow; subject: string; claims: Claims; created: boolean },
  meta: RequestMeta,
): Promise<UserRow> {
  const rules = await groupRulesOf(tenantId, tx, provider.id);
  if (rules.length === 0) return signedIn.user;
  const { user } = signedIn;
  const link = { providerId: provider.id, subject: signedIn.subject };
  const lastMapped = await repo.findMappedGroupId(tenantId, tx, provider.id, signedIn.subject);
  const owned = signedIn.created || (lastMapped !== null && user.groupId === lastMapped);
  const match = matchGroupRules(rules, signedIn.claims);
  if (!match && !owned) return user;

  const wanted = match ? match.rule.groupId : provider.defaultGroupId;
  const target = wanted ? await assignable(tenantId, tx, wanted, user.id) : null;
  // A match that cannot be given leaves a group the administrator chose alone.
  if (match && !target && !owned) return user;
  await repo.setMappedGroupId(tenantId, tx, link, target);
  if (user.groupId === target) return user;

  const changed = (await updateUser(tenantId, tx, user.id, { groupId: target }))!;
  await recordAudit(
    tx,
    { ...meta, actorName: identityProviderActorName(provider.name) },
    {
      tenantId,
      actorId: provider.id,
      action: 'update',
      targetType: 'user',
      targetId: user.id,
      targetName: user.email,
      before: { groupId: user.groupId },
      after: { groupId: target },
    },
  );
  return changed;
}

/** The group when it still exists and its role has a DevOps seat for the user; null otherwise. */
async function assignable(tenantId: string, tx: Tx, groupId: string, userId: string) {
  try {
    const group = await groupForAssignment(tenantId, tx, groupId);
    await assertDevopsSeats(tenantId, tx, { roleId: group.roleId, addedUserIds: [userId] });
    return group.id;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
