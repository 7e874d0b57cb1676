import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { samlAssertionsSeen, samlIdentityProviders, samlTestResults } from '../../db/schema/index.js';

export type SamlSettingsRow = typeof samlIdentityProviders.$inferSelect;
export type SamlSettingsValues = Omit<SamlSettingsRow, 'tenantId' | 'providerId' | 'createdAt' | 'updatedAt'>;

export async function findSettings(tenantId: string, db: Executor, providerId: string) {
  const [row] = await db
    .select()
    .from(samlIdentityProviders)
    .where(
      and(eq(samlIdentityProviders.tenantId, tenantId), eq(samlIdentityProviders.providerId, providerId)),
    )
    .limit(1);
  return row ?? null;
}

export async function settingsOf(tenantId: string, db: Executor, providerIds: string[]) {
  if (providerIds.length === 0) return [];
  return db
    .select()
    .from(samlIdentityProviders)
    .where(
      and(
        eq(samlIdentityProviders.tenantId, tenantId),
        inArray(samlIdentityProviders.providerId, providerIds),
      ),
    );
}

export async function insertSettings(
  tenantId: string,
  db: Executor,
  providerId: string,
  values: SamlSettingsValues,
) {
  const [row] = await db
    .insert(samlIdentityProviders)
    .values({ tenantId, providerId, ...values })
    .returning();
  return row!;
}

export async function updateSettings(
  tenantId: string,
  db: Executor,
  providerId: string,
  values: Partial<SamlSettingsValues>,
) {
  const [row] = await db
    .update(samlIdentityProviders)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(eq(samlIdentityProviders.tenantId, tenantId), eq(samlIdentityProviders.providerId, providerId)),
    )
    .returning();
  return row!;
}

/**
 * Records an assertion id as used; false when it was already (by this process or another: the primary
 * key decides). Expired ids are swept first, so the table holds only assertions still valid.
 */
export async function markAssertionSeen(
  tenantId: string,
  db: Executor,
  values: { providerId: string; assertionId: string; expiresAt: Date },
) {
  await db.delete(samlAssertionsSeen).where(lt(samlAssertionsSeen.expiresAt, new Date()));
  const rows = await db
    .insert(samlAssertionsSeen)
    .values({ tenantId, ...values })
    .onConflictDoNothing()
    .returning({ id: samlAssertionsSeen.assertionId });
  return rows.length === 1;
}

export async function insertTestResult(
  tenantId: string,
  db: Executor,
  values: { providerId: string; userId: string | null; result: Record<string, unknown>; expiresAt: Date },
) {
  await db.delete(samlTestResults).where(lt(samlTestResults.expiresAt, new Date()));
  const [row] = await db
    .insert(samlTestResults)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function findTestResult(tenantId: string, db: Executor, providerId: string, id: string) {
  const [row] = await db
    .select()
    .from(samlTestResults)
    .where(
      and(
        eq(samlTestResults.tenantId, tenantId),
        eq(samlTestResults.providerId, providerId),
        eq(samlTestResults.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}
