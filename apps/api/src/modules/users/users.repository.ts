import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mfaDevices, tenants, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/**
 * Sign-in look-up by tenant name and e-mail, with what the login needs next (the tenant's services,
 * whether the user has an enabled MFA device) in the same round trip. Runs before a tenant is known
 * (owner connection).
 */
export async function findForLogin(db: Executor, tenantName: string, email: string) {
  const [row] = await db
    .select({
      user: users,
      tenant: { id: tenants.id, name: tenants.name, status: tenants.status, services: tenants.services },
      mfaRequired: sql<boolean>`exists (select 1 from ${mfaDevices} where ${mfaDevices.tenantId} = ${users.tenantId} and ${mfaDevices.userId} = ${users.id} and ${mfaDevices.status} = 'Enable')`,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(sql`lower(${tenants.name}) = lower(${tenantName})`, sameEmail(email)))
    .limit(1);
  return row ?? null;
}

/** The active tenants an e-mail address belongs to (the e-mail login flow's select-tenant step). */
export async function findTenantsByEmail(db: Executor, email: string) {
  return db
    .select({ id: tenants.id, name: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(sameEmail(email), eq(tenants.status, 'active')))
    .orderBy(asc(tenants.name));
}

/** The users with this e-mail whose sign-up still waits for verification, with their tenant. */
export async function findPendingSignUps(db: Executor, email: string) {
  return db
    .select({ user: users, tenant: { id: tenants.id, name: tenants.name } })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(sameEmail(email), eq(tenants.status, 'pending'), eq(users.status, 'WaitConfirmation')));
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
  values: Omit<typeof users.$inferInsert, 'tenantId'>,
) {
  const [row] = await db
    .insert(users)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateUser(
  tenantId: string,
  db: Executor,
  userId: string,
  values: Partial<Pick<UserRow, 'passwordHash' | 'status' | 'firstName' | 'lastName' | 'email' | 'isAdmin'>>,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  return row ?? null;
}
