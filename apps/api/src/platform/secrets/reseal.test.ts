import { applicationEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  createTenantWithUser,
  createTestApp,
  type TestApp,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { sealV1 } from '../../../test/legacy-seal.js';
import { openAsPreviousRelease } from '../../../test/previous-release/secrets-reader.js';
import { applications, oidcKeys } from '../../db/schema/index.js';
import { resealLegacySecrets } from './reseal.js';
import { SIGNING_KEY_SCOPE, sealedAt } from './sealed-at.js';
import { SEALED_COLUMNS } from './sealed-columns.js';
import { migrateSecrets } from './secrets-step.js';

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

  it('changes nothing at a server start: `migrate` re-seals, in a form the previous release opens', async () => {
    const app = await createApp(t, u, 'Rolling portal');
    const legacy = sealV1(key, u.tenantId, app.clientSecret);
    await store(app.id, legacy);
    // A second server of this build starts on the database (a rolling upgrade): it rewrites nothing.
    const second = await createTestApp({}, { database: t.database, keepDatabase: true });
    await second.close();
    expect(await secretOf(app.id)).toBe(legacy);

    await migrateSecrets(t.database, t.app.services.secrets, { info: () => {}, warn: () => {} });
    const stored = await secretOf(app.id);
    expect(stored).toMatch(/^v2\./);
    const at = sealedAt.applicationClientSecret(u.tenantId, app.id);
    expect(openAsPreviousRelease(key, at, stored)).toBe(app.clientSecret);
  });

  it('leaves every stored value in a form the previous release opens', async () => {
    await migrateSecrets(t.database, t.app.services.secrets, { info: () => {}, warn: () => {} });
    let opened = 0;
    for (const column of SEALED_COLUMNS) {
      const rows = await t.database.system((tx) =>
        tx
          .select({ key: column.key, tenantId: column.tenant ?? column.key, value: column.column })
          .from(column.table),
      );
      for (const row of rows) {
        if (row.value === null) continue;
        const at = column.at(column.tenant ? (row.tenantId as string | null) : null, String(row.key));
        // The value planted from another tenant above opens nowhere, as it should.
        if (String(row.value).startsWith('v1.')) continue;
        expect(
          () => openAsPreviousRelease(key, at, String(row.value)),
          `${at.table}.${at.field}`,
        ).not.toThrow();
        opened += 1;
      }
    }
    expect(opened).toBeGreaterThan(3);
  });
});
