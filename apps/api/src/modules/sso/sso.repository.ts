import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { identityProviders, mfaDevices, tenants, userIdentities, users } from '../../db/schema/index.js';

export type SsoUser = typeof users.$inferSelect;

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

/** The user a provider's subject was linked to. */
export async function findLinkedUser(tenantId: string, db: Executor, providerId: string, subject: string) {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, and(eq(users.tenantId, userIdentities.tenantId), eq(users.id, userIdentities.userId)))
    .where(
      and(
        eq(userIdentities.tenantId, tenantId),
        eq(userIdentities.providerId, providerId),
        eq(userIdentities.subject, subject),
      ),
    )
    .limit(1);
  return row?.user ?? null;
}

export async function findUserByEmail(tenantId: string, db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row ?? null;
}

export async function findUser(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertUser(
  tenantId: string,
  db: Executor,
  values: Pick<SsoUser, 'email' | 'firstName' | 'lastName' | 'emailVerifiedAt'>,
) {
  const [row] = await db
    .insert(users)
    // No password: the user signs in through the provider (an administrator may set one later).
    .values({ tenantId, ...values, passwordHash: null, status: 'Confirmed', isAdmin: false })
    .returning();
  return row!;
}

export async function setUserFields(
  tenantId: string,
  db: Executor,
  userId: string,
  values: Partial<Pick<SsoUser, 'status' | 'groupId' | 'emailVerifiedAt'>>,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  return row!;
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

/** Whether the user must give a TOTP code (an enabled device), as the password login asks. */
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
