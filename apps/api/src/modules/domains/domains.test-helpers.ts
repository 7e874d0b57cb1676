import { domainEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { apiCaller } from '../../../test/api-caller.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/app.js';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server.js';
import { verifiedDomains } from '../../db/schema/index.js';

/** A test app whose DNS look-ups go to a real DNS server the test controls, and whose clock it moves. */
export interface DomainsTestApp extends TestApp {
  dns: TestDnsServer;
  /** The app's clock, for a second app (process) on the same database. */
  now: () => number;
  /** Moves the app's clock (look-ups, re-checks, the grace period) this far ahead of real time. */
  advance(ms: number): void;
}

export async function createDomainsTestApp(env: Record<string, string> = {}): Promise<DomainsTestApp> {
  const dns = await startDnsServer();
  let offset = 0;
  const now = () => Date.now() + offset;
  const app = await createTestApp(
    { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '400', PUBLIC_URL: 'https://console.example.com', ...env },
    { clock: now },
  );
  return {
    ...app,
    dns,
    now,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      await dns.close();
    },
  };
}

/** Adds a domain through the API and answers it (with the record to publish). */
export async function addDomain(t: TestApp, u: TestUser, domain: string) {
  return (await apiCaller(t).call(u, domainEndpoints.create, { body: { domain } })).result();
}

/** The domain's row as stored (the re-checks run without a request to answer). */
export async function storedDomain(t: TestApp, id: string) {
  const [row] = await t.database.system((tx) =>
    tx.select().from(verifiedDomains).where(eq(verifiedDomains.id, id)),
  );
  return row!;
}
