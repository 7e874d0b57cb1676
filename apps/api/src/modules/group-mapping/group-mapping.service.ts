import type { GroupMapping } from '@skyvault/contract';
import type { Database, Executor } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { groupForAssignment } from '../groups/index.js';
import { tenantProvider } from '../identity-providers/index.js';
import * as repo from './group-mapping.repository.js';

/**
 * The group mapping rules of a tenant's identity providers (administrators only, as the endpoints
 * declare). The list is replaced whole, in one transaction with its audit event: the order is part of
 * the meaning (the first match wins), so a partial edit would be a different mapping.
 */
export function createGroupMappingService(deps: { database: Database }) {
  const { database } = deps;

  return {
    get: (actor: Actor, providerId: string): Promise<GroupMapping> =>
      database.tenant(actor.tenantId, async (tx) => {
        await tenantProvider(actor.tenantId, tx, providerId);
        return { rules: await repo.listRules(actor.tenantId, tx, providerId) };
      }),

    replace: (actor: Actor, meta: RequestMeta, providerId: string, input: GroupMapping) =>
      database.tenant(actor.tenantId, async (tx): Promise<GroupMapping> => {
        const { tenantId } = actor;
        const provider = await tenantProvider(tenantId, tx, providerId);
        // Each target is one of the tenant's groups: another tenant's id is unknown here.
        for (const [index, rule] of input.rules.entries()) {
          await groupForAssignment(tenantId, tx, rule.groupId, `rules.${index}.groupId`);
        }
        const before = await repo.listRules(tenantId, tx, providerId);
        await repo.replaceRules(tenantId, tx, providerId, input.rules);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'identity-provider',
          targetId: provider.id,
          targetName: provider.name,
          before: { groupMapping: before },
          after: { groupMapping: input.rules },
        });
        return { rules: input.rules };
      }),
  };
}

export type GroupMappingService = ReturnType<typeof createGroupMappingService>;

/** A provider's rules in their order, in the caller's transaction: what a sign-in matches its claims with. */
export const groupRulesOf = (tenantId: string, db: Executor, providerId: string) =>
  repo.listRules(tenantId, db, providerId);
