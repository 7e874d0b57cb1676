import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mfaDevices, passkeys, tenants, users } from '../../db/schema/index.js';

const policyColumns = {
  mfaPolicy: tenants.mfaPolicy,
  mfaGraceDays: tenants.mfaGraceDays,
  mfaEnforcedAt: tenants.mfaEnforcedAt,
  refuseBreachedPasswords: tenants.refuseBreachedPasswords,
  notifyUnusualSignIns: tenants.notifyUnusualSignIns,
  notifySecurityAdmins: tenants.notifySecurityAdmins,
  unusualSignInSecondFactor: tenants.unusualSignInSecondFactor,
};

export type PolicyRow = { [K in keyof typeof policyColumns]: (typeof tenants.$inferSelect)[K] };

export async function findPolicy(tenantId: string, db: Executor): Promise<PolicyRow | null> {
  const [row] = await db.select(policyColumns).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ?? null;
}

export async function updatePolicy(
  tenantId: string,
  db: Executor,
  values: Partial<PolicyRow>,
): Promise<PolicyRow> {
  const [row] = await db
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.id, tenantId))
    .returning(policyColumns);
  return row!;
}

/**
 * One statement with all the enrolment rule needs: the tenant's policy, the user's role and creation,
 * and whether they have a second factor (an enabled authenticator or a passkey). Null when the user is gone.
 */
export async function findEnrolmentState(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select({
      policy: tenants.mfaPolicy,
      graceDays: tenants.mfaGraceDays,
      enforcedAt: tenants.mfaEnforcedAt,
      userCreatedAt: users.createdAt,
      isAdmin: users.isAdmin,
      hasFactor: sql<boolean>`(exists (select 1 from ${mfaDevices} where ${mfaDevices.tenantId} = ${users.tenantId}
        and ${mfaDevices.userId} = ${users.id} and ${mfaDevices.status} = 'Enable')
        or exists (select 1 from ${passkeys} where ${passkeys.tenantId} = ${users.tenantId}
        and ${passkeys.userId} = ${users.id}))`,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}
