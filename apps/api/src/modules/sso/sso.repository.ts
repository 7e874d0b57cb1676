import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { identityProviders, mfaDevices, tenants, userIdentities } from '../../db/schema/index.js';

/** A provider and its tenant, by the provider's id alone: a sign-in starts before a tenant is known. */
export async function findProviderById(db: Executor, id: string) {
  const [row] = await db
    .select({
      provider: identityProviders,
      tenant: { id: tenants.id, name: tenants.name, status: tenants.status, services: tenants.services },
    })
    .from(identityProviders)
    .innerJoin(tenants, eq(tenants.id, identityProviders.tenantId))
    .where(eq(identityProviders.id, id))
    .limit(1);
  return row ?? null;
}

export async function findTenant(tenantId: string, db: Executor) {
  const [row] = await db
    .select({ id: tenants.id, name: tenants.name, status: tenants.status, services: tenants.services })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return row ?? null;
}

/** A provider subject's link (user_identities row), or null: who it was linked to and what mapping gave. */
async function findLink(tenantId: string, db: Executor, providerId: string, subject: string) {
  const [row] = await db
    .select({ userId: userIdentities.userId, mappedGroupId: userIdentities.mappedGroupId })
    .from(userIdentities)
    .where(
      and(
        eq(userIdentities.tenantId, tenantId),
        eq(userIdentities.providerId, providerId),
        eq(userIdentities.subject, subject),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The id of the user a provider's subject was linked to (the users module reads the user). */
export async function findLinkedUserId(tenantId: string, db: Executor, providerId: string, subject: string) {
  return (await findLink(tenantId, db, providerId, subject))?.userId ?? null;
}

export async function linkIdentity(
  tenantId: string,
  db: Executor,
  values: { providerId: string; subject: string; userId: string; email: string | null },
) {
  await db
    .insert(userIdentities)
    .values({ tenantId, ...values })
    .onConflictDoNothing();
}

/** Whether the user has an enabled authenticator (the MFA step then takes a code; passkeys are asked apart). */
export async function mfaRequired(tenantId: string, db: Executor, userId: string) {
  const rows = await db
    .select({ id: mfaDevices.id })
    .from(mfaDevices)
    .where(
      and(eq(mfaDevices.tenantId, tenantId), eq(mfaDevices.userId, userId), eq(mfaDevices.status, 'Enable')),
    )
    .limit(1);
  return rows.length > 0;
}

/** The group the provider's mapping last gave the subject's user (null: none, or never mapped). */
export async function findMappedGroupId(tenantId: string, db: Executor, providerId: string, subject: string) {
  return (await findLink(tenantId, db, providerId, subject))?.mappedGroupId ?? null;
}

export async function setMappedGroupId(
  tenantId: string,
  db: Executor,
  link: { providerId: string; subject: string },
  groupId: string | null,
) {
  await db
    .update(userIdentities)
    .set({ mappedGroupId: groupId })
    .where(
      and(
        eq(userIdentities.tenantId, tenantId),
        eq(userIdentities.providerId, link.providerId),
        eq(userIdentities.subject, link.subject),
      ),
    );
}
