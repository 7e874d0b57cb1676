import { randomUUID } from 'node:crypto';
import { applicationEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdministratorsOnly, expectEachAnswers, type ListedCall } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import {
  captureLog,
  createTenantWithUser,
  createTestApp,
  signIn,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { applications, users } from '../../db/schema/index.js';
import {
  appUrl,
  createApp,
  insertServerRecord,
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
  ] as ListedCall[];

describe('connected app access', () => {
  const log = captureLog();
  const t = useTestApp(() => createTestApp({ LOG_LEVEL: 'trace' }, { logStream: log.stream }));
  const api = apiCaller(t);

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
    await expectEachAnswers(
      api,
      other,
      endpoints(app.id).filter(([, url]) => url.includes(app.id)),
      404,
      {
        code: 'NOT_FOUND',
        message: 'Connected app not found.',
      },
    );
    const unknown = await api.send(owner, 'GET', appUrl(randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect((await api.call(other, applicationEndpoints.list)).json()).toEqual({ applications: [], total: 0 });

    const kept = (await api.send(owner, 'GET', appUrl(app.id))).json();
    expect(kept).toMatchObject({ name: 'Owned portal', active: true, clientSecret: app.clientSecret });
    expect(kept.updatedAt).toBe(app.updatedAt);
    expect(await serverRecordsOf(t, app.clientId)).toHaveLength(1);
  });

  it('answers 401 without a session and 403 to a non-administrator on every call, changing nothing', async () => {
    const admin = await createTenantWithUser(t);
    const app = await createApp(t, admin, 'Guarded portal');
    await insertServerRecord(t, app.clientId);
    const member = await colleagueOf(admin.tenantId);
    await expectAdministratorsOnly(api, member, endpoints(app.id));
    // Nor is a non-administrator of a tenant of their own told more.
    const stranger = await createTenantWithUser(t, { isAdmin: false });
    expect((await api.send(stranger, 'GET', appUrl(app.id))).statusCode).toBe(403);
    const kept = (await api.send(admin, 'GET', appUrl(app.id))).json();
    expect(kept).toMatchObject({ active: true, name: 'Guarded portal', clientSecret: app.clientSecret });
    expect(await serverRecordsOf(t, app.clientId)).toHaveLength(1);
  });

  it('never writes a client secret, plain or sealed, to the log', async () => {
    const u = await createTenantWithUser(t);
    const app = await createApp(t, u, 'Logged portal');
    await api.call(u, applicationEndpoints.list);
    await api.send(u, 'GET', appUrl(app.id));
    await api.send(u, 'PATCH', appUrl(app.id), { name: 'Logged portal 2', data: oauthData() });
    const renewed = (await api.send(u, 'PATCH', appUrl(app.id, 'regenerate'))).json();
    await api.send(u, 'PATCH', appUrl(app.id, 'disable'));
    await api.call(u, applicationEndpoints.list, { query: { searchText: app.clientId } });
    const [row] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(applications).where(eq(applications.id, app.id)),
    );
    await api.send(u, 'DELETE', appUrl(app.id));

    expect(log.text()).toContain(appUrl(app.id, 'regenerate'));
    expect(renewed.clientSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    for (const secret of [app.clientSecret, renewed.clientSecret, row!.clientSecret]) {
      expect(log.text()).not.toContain(secret);
    }
  });
});
