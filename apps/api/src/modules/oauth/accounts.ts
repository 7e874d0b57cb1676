import { and, eq, sql } from 'drizzle-orm';
import type { Account, FindAccount } from 'oidc-provider';
import type { Database } from '../../db/client.js';
import { kept } from '../../db/prepared.js';
import { tenants, users } from '../../db/schema/index.js';
import { isUuid } from '../../lib/sql.js';

/**
 * The subject a connected app sees: the user's tenant and id. E-mail addresses are unique only within
 * a tenant, and a multi-tenant app must tell two tenants' users apart.
 */
export const accountIdOf = (who: { tenantId: string; userId: string }) => `${who.tenantId}:${who.userId}`;

export function parseAccountId(accountId: string): { tenantId: string; userId: string } | null {
  const [tenantId, userId, ...rest] = accountId.split(':');
  if (rest.length || !tenantId || !userId || !isUuid(tenantId) || !isUuid(userId)) return null;
  return { tenantId, userId };
}

/** Claims per scope (oidc-provider's `claims` setting); the tenant goes with every ID token and userinfo. */
export const CLAIMS = {
  openid: ['sub', 'tenant', 'tenant_id'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name'],
};

/**
 * Looks an account up for tokens, userinfo and refreshes. A user who may no longer sign in (disabled,
 * or in a tenant that is not active) has no account: refresh and userinfo fail for them at once.
 */
export function createFindAccount(database: Database): FindAccount {
  return async (_ctx, sub): Promise<Account | undefined> => {
    const who = parseAccountId(sub);
    if (!who) return undefined;
    // One statement on the owner connection instead of a tenant transaction (four round trips): every
    // refresh grant and userinfo call comes here, with a subject this server issued, and the query
    // names the tenant and the user both.
    const { db } = database;
    const statement = kept(db, 'oauth_account', () =>
      db
        .select({
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          firstName: users.firstName,
          lastName: users.lastName,
          status: users.status,
          tenantName: tenants.name,
          tenantStatus: tenants.status,
        })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(and(eq(users.tenantId, sql.placeholder('tenantId')), eq(users.id, sql.placeholder('userId'))))
        .limit(1),
    );
    const [row] = await statement.execute(who);
    if (!row || row.status === 'Disabled' || row.tenantStatus !== 'active') return undefined;
    return {
      accountId: sub,
      claims: () => ({
        sub,
        email: row.email,
        // Only an address the user proved (a link or code we mailed there, or a provider that said it
        // verified it). An administrator may type any address, even another tenant's administrator's,
        // and apps link accounts by verified addresses: an unproven one must never pass as verified.
        email_verified: row.emailVerifiedAt !== null,
        name: `${row.firstName} ${row.lastName}`.trim(),
        given_name: row.firstName,
        family_name: row.lastName,
        tenant: row.tenantName,
        tenant_id: who.tenantId,
      }),
    };
  };
}
