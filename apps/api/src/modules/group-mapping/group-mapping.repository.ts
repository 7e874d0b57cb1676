import type { GroupRule } from '@skyvault/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { identityProviderGroupRules } from '../../db/schema/index.js';

const ofProvider = (tenantId: string, providerId: string) =>
  and(
    eq(identityProviderGroupRules.tenantId, tenantId),
    eq(identityProviderGroupRules.providerId, providerId),
  );

/** The provider's rules, first rule first. */
export async function listRules(tenantId: string, db: Executor, providerId: string): Promise<GroupRule[]> {
  return db
    .select({
      claim: identityProviderGroupRules.claim,
      operator: identityProviderGroupRules.operator,
      value: identityProviderGroupRules.value,
      groupId: identityProviderGroupRules.groupId,
    })
    .from(identityProviderGroupRules)
    .where(ofProvider(tenantId, providerId))
    .orderBy(asc(identityProviderGroupRules.position));
}

/** The whole list is written at once: positions are the list's order. */
export async function replaceRules(tenantId: string, db: Executor, providerId: string, rules: GroupRule[]) {
  await db.delete(identityProviderGroupRules).where(ofProvider(tenantId, providerId));
  if (rules.length === 0) return;
  await db
    .insert(identityProviderGroupRules)
    .values(rules.map((rule, position) => ({ tenantId, providerId, position, ...rule })));
}
