import type { LicenseGrant, LicenseService } from '@skyvault/contract';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { licenses } from '../../db/schema/index.js';
import { countDevopsSeatsInUse } from '../seats/index.js';

export type LicenseRow = typeof licenses.$inferSelect;

/** A licence with whether it has ended, judged by the database's clock like every other time here. */
export type LicenseWithExpiry = LicenseRow & { expired: boolean };

export async function findLicense(
  tenantId: string,
  db: Executor,
  product: LicenseService,
): Promise<LicenseWithExpiry | null> {
  const [row] = await db
    .select({ ...getTableColumns(licenses), expired: sql<boolean>`${licenses.endsAt} <= now()` })
    .from(licenses)
    .where(and(eq(licenses.tenantId, tenantId), eq(licenses.product, product)))
    .limit(1);
  return row ?? null;
}

/**
 * Starts a trial that ends `days` from now. A tenant has one licence row per product, so when another
 * request created it first this inserts nothing and answers null.
 */
export async function insertTrial(
  tenantId: string,
  db: Executor,
  product: LicenseService,
  grant: LicenseGrant,
  days: number,
): Promise<LicenseRow | null> {
  const [row] = await db
    .insert(licenses)
    .values({
      tenantId,
      product,
      edition: grant.edition,
      endsAt: sql`now() + make_interval(days => ${days}::int)`,
      isTrial: true,
      trialUsed: true,
      limits: grant.limits,
    })
    .onConflictDoNothing({ target: [licenses.tenantId, licenses.product] })
    .returning();
  return row ?? null;
}

/**
 * DevOps seats in use per licence level (limit name → users): the users whose group's role grants
 * that level, counted by the permissions module when asked, never stored.
 */
export async function devopsSeatsInUse(tenantId: string, db: Executor): Promise<Record<string, number>> {
  const seats = await countDevopsSeatsInUse(tenantId, db);
  return { devopsFullAccess: seats.full, devopsReadAccess: seats.read };
}
