import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  breakGlassAdmins,
  tenants,
  verifiedDomainProviders,
  verifiedDomains,
} from '../../db/schema/index.js';

/** The sign-in settings of a tenant's verified domains (sso-enforcement), and its break-glass list. */

const verifiedOf = (tenantId: string) =>
  and(eq(verifiedDomains.tenantId, tenantId), eq(verifiedDomains.status, 'Verified'));

export function listVerifiedDomains(tenantId: string, db: Executor) {
  return db.select().from(verifiedDomains).where(verifiedOf(tenantId)).orderBy(asc(verifiedDomains.domain));
}

/** The domain, verified, locked until the transaction ends (a change of its settings holds it). */
export async function lockVerifiedDomain(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(verifiedDomains)
    .where(and(verifiedOf(tenantId), eq(verifiedDomains.id, id)))
    .for('update');
  return row ?? null;
}

/** Each domain's provider ids, in the administrator's order. */
export async function providerIdsOf(tenantId: string, db: Executor, domainIds: string[]) {
  if (domainIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select()
    .from(verifiedDomainProviders)
    .where(
      and(
        eq(verifiedDomainProviders.tenantId, tenantId),
        inArray(verifiedDomainProviders.domainId, domainIds),
      ),
    )
    .orderBy(asc(verifiedDomainProviders.position), asc(verifiedDomainProviders.providerId));
  const byDomain = new Map<string, string[]>();
  for (const row of rows) byDomain.set(row.domainId, [...(byDomain.get(row.domainId) ?? []), row.providerId]);
  return byDomain;
}

export async function setDomainSignIn(
  tenantId: string,
  db: Executor,
  domainId: string,
  values: { enforceSso: boolean; apiTokensUnderEnforcement: boolean; providerIds: string[] },
) {
  await db
    .update(verifiedDomains)
    .set({
      enforceSso: values.enforceSso,
      apiTokensUnderEnforcement: values.apiTokensUnderEnforcement,
      updatedAt: new Date(),
    })
    .where(and(eq(verifiedDomains.tenantId, tenantId), eq(verifiedDomains.id, domainId)));
  await db
    .delete(verifiedDomainProviders)
    .where(
      and(eq(verifiedDomainProviders.tenantId, tenantId), eq(verifiedDomainProviders.domainId, domainId)),
    );
  if (values.providerIds.length > 0) {
    await db
      .insert(verifiedDomainProviders)
      .values(
        values.providerIds.map((providerId, position) => ({ tenantId, domainId, providerId, position })),
      );
  }
}

/** Whether any verified domain of the tenant enforces single sign-on (then a break-glass is required). */
export async function enforcesAnywhere(tenantId: string, db: Executor) {
  const [row] = await db
    .select({ id: verifiedDomains.id })
    .from(verifiedDomains)
    .where(and(verifiedOf(tenantId), eq(verifiedDomains.enforceSso, true)))
    .limit(1);
  return Boolean(row);
}

export function listBreakGlass(tenantId: string, db: Executor) {
  return db
    .select()
    .from(breakGlassAdmins)
    .where(eq(breakGlassAdmins.tenantId, tenantId))
    .orderBy(asc(breakGlassAdmins.createdAt), asc(breakGlassAdmins.userId));
}

/**
 * The break-glass user ids, locked until the transaction ends: two administrators removing the last
 * two at once are taken one after the other, so the second sees the first one gone.
 */
export async function lockBreakGlass(tenantId: string, db: Executor) {
  const rows = await db
    .select({ userId: breakGlassAdmins.userId })
    .from(breakGlassAdmins)
    .where(eq(breakGlassAdmins.tenantId, tenantId))
    .for('update');
  return rows.map((row) => row.userId);
}

export async function isBreakGlass(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select({ userId: breakGlassAdmins.userId })
    .from(breakGlassAdmins)
    .where(and(eq(breakGlassAdmins.tenantId, tenantId), eq(breakGlassAdmins.userId, userId)));
  return Boolean(row);
}

/** Names the user; false when they were named already. */
export async function insertBreakGlass(tenantId: string, db: Executor, userId: string, createdBy: string) {
  const rows = await db
    .insert(breakGlassAdmins)
    .values({ tenantId, userId, createdBy })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/** False when the user was not named. */
export async function deleteBreakGlass(tenantId: string, db: Executor, userId: string) {
  const rows = await db
    .delete(breakGlassAdmins)
    .where(and(eq(breakGlassAdmins.tenantId, tenantId), eq(breakGlassAdmins.userId, userId)))
    .returning({ userId: breakGlassAdmins.userId });
  return rows.length > 0;
}

export type VerifiedRow = typeof verifiedDomains.$inferSelect;
export type BreakGlassRow = typeof breakGlassAdmins.$inferSelect;

/** Whether the tenant is active (a suspended tenant's domains route nowhere). */
export async function tenantActive(db: Executor, tenantId: string) {
  const [row] = await db.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.status === 'active';
}

/** The tenant's domains that enforce single sign-on and route to the provider, with all their providers. */
export async function enforcedRoutesThrough(tenantId: string, db: Executor, providerId: string) {
  const through = db
    .select({ domainId: verifiedDomainProviders.domainId })
    .from(verifiedDomainProviders)
    .where(
      and(eq(verifiedDomainProviders.tenantId, tenantId), eq(verifiedDomainProviders.providerId, providerId)),
    );
  const domains = await db
    .select({ id: verifiedDomains.id, domain: verifiedDomains.domain })
    .from(verifiedDomains)
    .where(
      and(verifiedOf(tenantId), eq(verifiedDomains.enforceSso, true), inArray(verifiedDomains.id, through)),
    )
    .orderBy(asc(verifiedDomains.domain))
    .for('update');
  const providers = await providerIdsOf(
    tenantId,
    db,
    domains.map((row) => row.id),
  );
  return domains.map((row) => ({ domain: row.domain, providerIds: providers.get(row.id) ?? [] }));
}
