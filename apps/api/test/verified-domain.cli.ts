import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import { tenants, verifiedDomains } from '../src/db/schema/index.js';

/**
 * Marks a domain verified for a tenant, as DNS verification would, on a data dir whose server is
 * stopped (the browser tests' own servers): `node --import tsx apps/api/test/verified-domain.cli.ts
 * <tenant name> <domain>` with DATA_DIR set. Test support only: the product verifies through DNS.
 */
const [tenantName, domain] = process.argv.slice(2);
if (!tenantName || !domain) throw new Error('usage: verified-domain.cli.ts <tenant name> <domain>');
const database = await openDatabase(loadConfig());
try {
  await database.system(async (tx) => {
    const [tenant] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(sql`lower(${tenants.name})`, tenantName.toLowerCase()));
    if (!tenant) throw new Error(`no tenant named ${tenantName}`);
    await tx.insert(verifiedDomains).values({
      tenantId: tenant.id,
      domain,
      status: 'Verified',
      txtValue: `skyvault-verification=${randomUUID()}`,
      verifiedAt: new Date(),
    });
  });
} finally {
  await database.close();
}
