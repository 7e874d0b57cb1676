import { randomUUID } from 'node:crypto';
import { domainEndpoints } from '@skyvault/contract';
import { and, eq, ne } from 'drizzle-orm';
import { apiCaller } from '../../../test/api-caller.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/app.js';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server.js';
import { mfaDevices, verifiedDomainProviders, verifiedDomains } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import { newTotpSecret } from '../mfa/totp.js';

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

/**
 * Makes `domain` one of the tenant's Verified domains, as DNS verification leaves it, with its sign-in
 * settings: the providers its addresses go to (in order), enforcement and the API token switch. A domain
 * is verified by one tenant at a time, and tests share a provider's addresses across tenants: another
 * tenant's verification of it lapses first. Answers the domain's id.
 */
export async function insertVerifiedDomain(
  t: Pick<TestApp, 'database'>,
  tenantId: string,
  domain: string,
  options: { providerIds?: string[]; enforceSso?: boolean; apiTokensUnderEnforcement?: boolean } = {},
): Promise<string> {
  const settings = {
    status: 'Verified' as const,
    verifiedAt: new Date(),
    enforceSso: options.enforceSso ?? false,
    apiTokensUnderEnforcement: options.apiTokensUnderEnforcement ?? false,
  };
  return t.database.system(async (tx) => {
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
    const [row] = await tx
      .insert(verifiedDomains)
      .values({ tenantId, domain, txtValue: `skyvault-verification=${randomUUID()}`, ...settings })
      .onConflictDoUpdate({ target: [verifiedDomains.tenantId, verifiedDomains.domain], set: settings })
      .returning({ id: verifiedDomains.id });
    const id = row!.id;
    const providerIds = options.providerIds ?? [];
    if (providerIds.length > 0) {
      await tx
        .insert(verifiedDomainProviders)
        .values(
          providerIds.map((providerId, position) => ({ tenantId, domainId: id, providerId, position })),
        );
    }
    return id;
  });
}

/** Gives the user an enabled authenticator; answers its secret (for currentCode). */
export async function giveTotp(t: TestApp, tenantId: string, userId: string): Promise<string> {
  const secret = newTotpSecret();
  const deviceId = randomUUID();
  await t.database.tenant(tenantId, (tx) =>
    tx.insert(mfaDevices).values({
      id: deviceId,
      tenantId,
      userId,
      name: 'Phone',
      secret: t.app.services.secrets.seal(sealedAt.mfaDeviceSecret(tenantId, deviceId), secret),
      status: 'Enable',
    }),
  );
  return secret;
}
