import { applicationEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestApp, type TestUser, useTestApp } from '../../../test/app.js';
import { sealV1 } from '../../../test/legacy-seal.js';
import { applications, oidcKeys } from '../../db/schema/index.js';
import { resealLegacySecrets } from './reseal.js';
import { SIGNING_KEY_SCOPE, sealedAt } from './sealed-at.js';

/**
 * A connected app created through the API, its client secret included (one of the sealed columns).
 * Made here rather than with the applications module's test helpers: the platform imports no module.
 */
async function createApp(t: TestApp, u: TestUser, name: string) {
  const res = await apiCaller(t).call(u, applicationEndpoints.create, { body: { name } });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; clientId: string; clientSecret: string };
}

describe('re-sealing values sealed for their tenant only', () => {
  let u: TestUser;
  // The key of testConfig's SECRETS_KEY.
  const key = Buffer.alloc(32, 7);
  const t = useTestApp();
  beforeAll(async () => {
    u = await createTenantWithUser(t);
  });

  const secretOf = async (id: string) => {
    const [row] = await t.database.system((tx) =>
      tx.select({ value: applications.clientSecret }).from(applications).where(eq(applications.id, id)),
    );
    return row!.value;
  };
  const store = (id: string, value: string) =>
    t.database.system((tx) =>
      tx.update(applications).set({ clientSecret: value }).where(eq(applications.id, id)),
    );
  const reseal = () => resealLegacySecrets(t.database, t.app.services.secrets, t.app.log);

  it('binds an older value to its row and column, and it keeps its meaning', async () => {
    const app = await createApp(t, u, 'Legacy portal');
    await store(app.id, sealV1(key, u.tenantId, app.clientSecret));

    expect(await reseal()).toBeGreaterThanOrEqual(1);
    const stored = await secretOf(app.id);
    expect(stored).toMatch(/^v2\./);
    const { secrets } = t.app.services;
    expect(secrets.open(sealedAt.applicationClientSecret(u.tenantId, app.id), stored)).toBe(app.clientSecret);
    expect(
      (await apiCaller(t).call(u, applicationEndpoints.get, { params: { id: app.id } })).json().clientSecret,
    ).toBe(app.clientSecret);
    // Once bound, the value means nothing in another row of the same tenant.
    const other = await createApp(t, u, 'Other portal');
    expect(() => secrets.open(sealedAt.applicationClientSecret(u.tenantId, other.id), stored)).toThrow();
    expect(await reseal()).toBe(0);
  });

  it('binds the platform signing keys to their kid', async () => {
    const kid = 'legacy-key';
    const jwk = JSON.stringify({ kid, alg: 'RS256', use: 'sig' });
    await t.database.system((tx) =>
      tx.insert(oidcKeys).values({
        kid,
        alg: 'RS256',
        privateJwk: sealV1(key, SIGNING_KEY_SCOPE, jwk),
        retiredAt: new Date(0),
      }),
    );
    await reseal();
    const [row] = await t.database.system((tx) => tx.select().from(oidcKeys).where(eq(oidcKeys.kid, kid)));
    expect(row!.privateJwk).toMatch(/^v2\./);
    expect(t.app.services.secrets.open(sealedAt.signingKey(kid), row!.privateJwk)).toBe(jwk);
  });

  it('leaves a value that does not open where it is, and goes on', async () => {
    const app = await createApp(t, u, 'Planted portal');
    const planted = sealV1(key, 'another-tenant', 'not this tenant’s');
    await store(app.id, planted);
    await expect(reseal()).resolves.toBe(0);
    expect(await secretOf(app.id)).toBe(planted);
  });
});
