import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { identityProviders } from '../../db/schema/index.js';

/** What another module shows of a tenant's providers: a domain's routing, a login page's choice. */
export interface ProviderSummary {
  id: string;
  name: string;
  active: boolean;
  buttonText: string;
  buttonImageId: string | null;
}

/**
 * The tenant's providers among `ids` (unknown ids are left out), in no particular order: the caller
 * keeps its own. Runs in the caller's transaction (a tenant's, or the system's before a tenant is known).
 */
export async function providersByIds(
  tx: Executor,
  tenantId: string,
  ids: string[],
): Promise<ProviderSummary[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: identityProviders.id,
      name: identityProviders.name,
      active: identityProviders.active,
      buttonText: identityProviders.buttonText,
      buttonImageId: identityProviders.buttonImageId,
    })
    .from(identityProviders)
    .where(and(eq(identityProviders.tenantId, tenantId), inArray(identityProviders.id, ids)));
}
