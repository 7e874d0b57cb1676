import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTenantWithUser,
  createTestApp,
  signIn,
  type TestApp,
  type TestUser,
} from '../../../test/app.js';
import { applications, users } from '../../db/schema/index.js';
import {
  apiAs,
  appUrl,
  createApp,
  insertServerRecord,
  type Method,
  oauthData,
  serverRecordsOf,
} from './applications.test-helpers.js';

/** Every call of the resource, for one app id. */
const endpoints = (id: string) =>
  [
    ['GET', '/api/v1/applications', undefined],
    ['POST', '/api/v1/applications', { name: 'Someone else' }],
    ['GET', appUrl(id), undefined],
    ['PATCH', appUrl(id), { name: 'Someone else', shared: true, data: oauthData() }],
    ['PATCH', appUrl(id, 'enable'), undefined],
    ['PATCH', appUrl(id, 'disable'), undefined],
    ['PATCH', appUrl(id, 'regenerate'), undefined],
    ['DELETE', appUrl(id), undefined],
  ] as [Method, string, object | undefined][];

describe('connected app access', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let logs = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      logs += chunk.toString('utf8');
    });
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
    api = apiAs(t);
  });
  afterAll(() => t.close());

  /** A signed-in user of the tenant who is not an administrator. */
  async function colleagueOf(tenantId: string): Promise<TestUser> {
    const email = `member-${randomUUID().slice(0, 8)}@example.com`;
    const [user] = await t.database.tenant(tenantId, (tx) =>
      tx
        .insert(users)
        .values({
          tenantId,
          email,
          firstName: 'Member',
          lastName: 'Only',
          status: 'Confirmed',
          isAdmin: false,
        })
        .returning({ id: users.id }),
    );
    const cookie = await signIn(t, tenantId, user!.id);
    return { tenantId, tenantName: '', userId: user!.id, email, cookie };
  }

  it('answers 404 for another tenant’s app on every call by id, and leaves it and its server data alone', async () => {
    const owner = await createTenantWithUser(t);
    const app = await createApp(t, owner, 'Owned portal');
    await insertServerRecord(t, app.clientId);
    const other = await createTenantWithUser(t);
    for (const [method, url, payload] of endpoints(app.id).filter(([, url]) => url.includes(app.id))) {
      const res = await api(other, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Connected app not found.' });
    }
    const unknown = await api(owner, 'GET', appUrl(randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect((await api(other, 'GET', '/api/v1/applications')).json()).toEqual({ applications: [], total: 0 });

    const kept = (await api(owner, 'GET', appUrl(app.id))).json();
    expect(kept).toMatchObject({ name: 'Owned portal', active: true, clientSecret: app.clientSecret });
    expect(kept.updatedAt).toBe(app.updatedAt);
    expect(await serverRecordsOf(t, app.clientId)).toHaveLength(1);
  });

  it('answers 401 without a session and 403 to a non-administrator on every call, changing nothing', async () => {
    const admin = await createTenantWithUser(t);
    const app = await createApp(t, admin, 'Guarded portal');
    await insertServerRecord(t, app.clientId);
    const member = await colleagueOf(admin.tenantId);
    for (const [method, url, payload] of endpoints(app.id)) {
      const anonymous = await call(t, { method, url, payload });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('INVALID_SESSION_EXCEPTION');
      const res = await api(member, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_ACCESS');
    }
    // Nor is a non-administrator of a tenant of their own told more.
    const stranger = await createTenantWithUser(t, { isAdmin: false });
    expect((await api(stranger, 'GET', appUrl(app.id))).statusCode).toBe(403);
    const kept = (await api(admin, 'GET', appUrl(app.id))).json();
    expect(kept).toMatchObject({ active: true, name: 'Guarded portal', clientSecret: app.clientSecret });
    expect(await serverRecordsOf(t, app.clientId)).toHaveLength(1);
  });

  it('never writes a client secret, plain or sealed, to the log', async () => {
    const u = await createTenantWithUser(t);
    const app = await createApp(t, u, 'Logged portal');
    await api(u, 'GET', '/api/v1/applications');
    await api(u, 'GET', appUrl(app.id));
    await api(u, 'PATCH', appUrl(app.id), { name: 'Logged portal 2', data: oauthData() });
    const renewed = (await api(u, 'PATCH', appUrl(app.id, 'regenerate'))).json();
    await api(u, 'PATCH', appUrl(app.id, 'disable'));
    await api(u, 'GET', `/api/v1/applications?searchText=${app.clientId}`);
    const [row] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(applications).where(eq(applications.id, app.id)),
    );
    await api(u, 'DELETE', appUrl(app.id));

    expect(logs).toContain(appUrl(app.id, 'regenerate'));
    expect(renewed.clientSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    for (const secret of [app.clientSecret, renewed.clientSecret, row!.clientSecret]) {
      expect(logs).not.toContain(secret);
    }
  });
});
