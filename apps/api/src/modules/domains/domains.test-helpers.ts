import { and, eq, ne } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.js';
import { verifiedDomains } from '../../db/schema/index.js';

/**
 * Makes `domain` one of the tenant's Verified domains, as a DNS check would. A domain is verified by
 * one tenant at a time, and tests share a provider's addresses across tenants: another tenant's
 * verification of it lapses first.
 */
export async function insertVerifiedDomain(t: Pick<TestApp, 'database'>, tenantId: string, domain: string) {
  await t.database.system(async (tx) => {
    await tx
      .update(verifiedDomains)
      .set({ status: 'Lapsed' })
      .where(
        and(
          eq(verifiedDomains.domain, domain),
          eq(verifiedDomains.status, 'Verified'),
          ne(verifiedDomains.tenantId, tenantId),
        ),
      );
    await tx
      .insert(verifiedDomains)
      .values({
        tenantId,
        domain,
        status: 'Verified',
        txtValue: `skyvault-test=${domain}`,
        verifiedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [verifiedDomains.tenantId, verifiedDomains.domain],
        set: { status: 'Verified', verifiedAt: new Date() },
      });
  });
}
