import { applicationEndpoints, DAY_MS, MINUTE_MS } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditTrailOf } from '../../../test/audit-trail.js';
import { applications } from '../../db/schema/index.js';
import { REDACTED } from '../../platform/audit/audit.service.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import {
  appUrl,
  createApp,
  insertServerRecord,
  oauthData,
  serverRecordsOf,
} from './applications.test-helpers.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe('connected apps', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const rowOf = async (u: TestUser, id: string) => {
    const [row] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(applications).where(eq(applications.id, id)),
    );
    return row;
  };
  const auditOf = (u: TestUser, id: string) =>
    auditTrailOf(t.database, u.tenantId, { targetType: 'application', targetId: id });

  it('creates an app with a random client id, a strong secret sealed at rest, and safe defaults', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.call(u, applicationEndpoints.create, { body: { name: ' Customer portal ' } });
    expect(res.statusCode).toBe(201);
    const app = res.json();
    expect(app).toEqual({
      id: expect.any(String),
      name: 'Customer portal',
      clientId: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      clientSecret: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/),
      active: true,
      shared: false,
      createdAt: ISO,
      updatedAt: ISO,
      data: {
        oauth: {
          allowedFlows: ['authorization_code'],
          allowedScopes: [],
          authorizedCallbackURLs: [],
          authorizedSignOutURLs: [],
        },
        authorizationPolicy: { accessTokenLifetime: 60 * MINUTE_MS, refreshTokenLifetime: 30 * DAY_MS },
      },
    });
    expect((await api.send(u, 'GET', appUrl(app.id))).json()).toEqual(app);

    const row = (await rowOf(u, app.id))!;
    expect(row.clientSecret).not.toContain(app.clientSecret);
    expect(
      t.app.services.secrets.open(sealedAt.applicationClientSecret(u.tenantId, app.id), row.clientSecret),
    ).toBe(app.clientSecret);

    const second = await createApp(t, u, 'Partner portal');
    expect(second.clientId).not.toBe(app.clientId);
    expect(second.clientSecret).not.toBe(app.clientSecret);

    const [event] = await auditOf(u, app.id);
    expect(event).toMatchObject({
      action: 'create',
      actorId: u.userId,
      changes: { name: { after: 'Customer portal' }, clientId: { after: app.clientId } },
    });
    expect(JSON.stringify(event)).not.toContain(app.clientSecret);
  });

  it('refuses a name already taken in any letter case (409 at the field); another tenant may use it', async () => {
    const u = await createTenantWithUser(t);
    await createApp(t, u, 'Billing');
    const other = await createApp(t, u, 'Reporting');
    const dup = await api.call(u, applicationEndpoints.create, { body: { name: 'BILLING' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'An app with this name already exists',
      fields: { name: 'An app with this name already exists' },
    });
    const rename = await api.send(u, 'PATCH', appUrl(other.id), { name: 'billing' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().fields).toEqual({ name: 'An app with this name already exists' });
    // Its own name in another case is no conflict.
    expect((await api.send(u, 'PATCH', appUrl(other.id), { name: 'REPORTING' })).json().name).toBe(
      'REPORTING',
    );
    const stranger = await createTenantWithUser(t);
    expect(
      (await api.call(stranger, applicationEndpoints.create, { body: { name: 'Billing' } })).statusCode,
    ).toBe(201);
  });

  it('keeps names unique when two administrators create the same one at once', async () => {
    const u = await createTenantWithUser(t);
    const answers = await Promise.all(
      ['Race app', 'race app', 'RACE APP'].map((name) =>
        api.call(u, applicationEndpoints.create, { body: { name } }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().fields).toEqual({ name: 'An app with this name already exists' });
    }
  });

  it('edits the name, the multi-tenant mode and the whole OAuth block, with an audit event', async () => {
    const u = await createTenantWithUser(t);
    const app = await createApp(t, u, 'Portal');
    const data = oauthData({
      oauth: { authorizedCallbackURLs: [' https://portal.example.com/cb ', 'http://localhost:3000/cb'] },
    });
    const res = await api.send(u, 'PATCH', appUrl(app.id), { name: 'Portal 2', shared: true, data });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...app,
      name: 'Portal 2',
      shared: true,
      updatedAt: ISO,
      data: {
        ...data,
        oauth: {
          ...data.oauth,
          authorizedCallbackURLs: ['https://portal.example.com/cb', 'http://localhost:3000/cb'],
        },
      },
    };
    expect(res.json()).toEqual(expected);
    expect((await api.send(u, 'GET', appUrl(app.id))).json()).toEqual(res.json());

    // A patch of one field keeps the others.
    const shared = await api.send(u, 'PATCH', appUrl(app.id), { shared: false });
    expect(shared.json()).toEqual({ ...expected, shared: false });

    const [, update] = await auditOf(u, app.id);
    expect(update).toMatchObject({
      action: 'update',
      changes: {
        name: { before: 'Portal', after: 'Portal 2' },
        shared: { before: false, after: true },
        allowedScopes: { before: [], after: ['offline_access'] },
        accessLifetimeMs: { before: 60 * MINUTE_MS, after: 15 * MINUTE_MS },
        refreshLifetimeMs: { before: 30 * DAY_MS, after: 7 * DAY_MS },
      },
    });
    expect(update!.changes).not.toHaveProperty('clientSecret');
  });

  it('lists newest first, paginated, searched in name and client id regardless of case', async () => {
    const u = await createTenantWithUser(t);
    const names = ['Alpha app', 'Beta app', 'Gamma tool', 'Delta app', 'Epsilon tool'];
    const created = [];
    for (const name of names) created.push(await createApp(t, u, name));
    const stranger = await createTenantWithUser(t);
    await createApp(t, stranger, 'Alpha app');

    const all = await api.call(u, applicationEndpoints.list);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(5);
    expect(all.json().applications.map((a: { name: string }) => a.name)).toEqual([...names].reverse());
    expect(all.json().applications[0]).toEqual({
      id: created[4]!.id,
      name: 'Epsilon tool',
      clientId: created[4]!.clientId,
      clientSecret: created[4]!.clientSecret,
      active: true,
      shared: false,
      createdAt: ISO,
      updatedAt: ISO,
    });

    const page = (
      await api.call(u, applicationEndpoints.list, { query: { limit: '2', offset: '2' } })
    ).json();
    expect(page.total).toBe(5);
    expect(page.applications.map((a: { name: string }) => a.name)).toEqual(['Gamma tool', 'Beta app']);

    const search = (
      await api.call(u, applicationEndpoints.list, { query: { searchText: ' APP ', limit: '2' } })
    ).json();
    expect(search.total).toBe(3);
    expect(search.applications.map((a: { name: string }) => a.name)).toEqual(['Delta app', 'Beta app']);

    const byClientId = created[2]!.clientId.slice(4, 20).toUpperCase();
    const found = (
      await api.call(u, applicationEndpoints.list, { query: { searchText: byClientId } })
    ).json();
    expect(found.applications.map((a: { id: string }) => a.id)).toContain(created[2]!.id);

    // Wildcards and SQL are text to look for, not patterns ('_' is left out: client ids may hold one).
    for (const text of ['%', '%app', "' or 1=1 --", '<script>']) {
      const res = await api.call(u, applicationEndpoints.list, { query: { searchText: text } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ applications: [], total: 0 });
    }
  });

  it('disables (revoking the server data) and enables again; repeating either answers it unchanged', async () => {
    const u = await createTenantWithUser(t);
    const app = await createApp(t, u, 'Portal');
    const other = await createApp(t, u, 'Other portal');
    await insertServerRecord(t, app.clientId);
    await insertServerRecord(t, app.clientId);
    const kept = await insertServerRecord(t, other.clientId);

    const disabled = await api.send(u, 'PATCH', appUrl(app.id, 'disable'));
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: app.id, active: false, clientSecret: app.clientSecret });
    expect(await serverRecordsOf(t, app.clientId)).toEqual([]);
    expect(await serverRecordsOf(t, other.clientId)).toEqual([kept]);

    const again = await api.send(u, 'PATCH', appUrl(app.id, 'disable'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(disabled.json());

    const enabled = await api.send(u, 'PATCH', appUrl(app.id, 'enable'));
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ active: true, clientSecret: app.clientSecret });
    expect((await api.send(u, 'PATCH', appUrl(app.id, 'enable'))).json()).toEqual(enabled.json());

    const events = (await auditOf(u, app.id)).map((e) => [e.action, e.changes]);
    expect(events).toEqual([
      ['create', expect.any(Object)],
      ['disable', { active: { before: true, after: false }, revokedRecords: { after: 2 } }],
      ['enable', { active: { before: false, after: true } }],
    ]);
  });

  it('revokes grants when an edit takes access away, and keeps them when it only renames or widens', async () => {
    const u = await createTenantWithUser(t);
    const app = await createApp(t, u, 'Portal');
    const wide = oauthData({ oauth: { allowedFlows: ['authorization_code', 'refresh_token'] } });
    expect((await api.send(u, 'PATCH', appUrl(app.id), { shared: true, data: wide })).statusCode).toBe(200);
    const kept = await insertServerRecord(t, app.clientId);
    expect((await api.send(u, 'PATCH', appUrl(app.id), { name: 'Portal renamed' })).statusCode).toBe(200);
    expect(await serverRecordsOf(t, app.clientId)).toEqual([kept]);

    expect((await api.send(u, 'PATCH', appUrl(app.id), { shared: false })).statusCode).toBe(200);
    expect(await serverRecordsOf(t, app.clientId)).toEqual([]);

    await insertServerRecord(t, app.clientId);
    const narrow = oauthData({ oauth: { allowedFlows: ['authorization_code'] } });
    expect((await api.send(u, 'PATCH', appUrl(app.id), { data: narrow })).statusCode).toBe(200);
    expect(await serverRecordsOf(t, app.clientId)).toEqual([]);
  });

  it('regenerates the secret: the old one no longer opens, the server data is revoked, the trail redacts', async () => {
    const u = await createTenantWithUser(t);
    const app = await createApp(t, u, 'Portal');
    const other = await createApp(t, u, 'Other portal');
    await insertServerRecord(t, app.clientId);
    const kept = await insertServerRecord(t, other.clientId);
    const sealedBefore = (await rowOf(u, app.id))!.clientSecret;

    const res = await api.send(u, 'PATCH', appUrl(app.id, 'regenerate'));
    expect(res.statusCode).toBe(200);
    const renewed = res.json();
    expect(renewed).toMatchObject({ id: app.id, clientId: app.clientId, active: true });
    expect(renewed.clientSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(renewed.clientSecret).not.toBe(app.clientSecret);

    const row = (await rowOf(u, app.id))!;
    expect(row.clientSecret).not.toBe(sealedBefore);
    expect(
      t.app.services.secrets.open(sealedAt.applicationClientSecret(u.tenantId, app.id), row.clientSecret),
    ).toBe(renewed.clientSecret);
    expect((await api.send(u, 'GET', appUrl(app.id))).json().clientSecret).toBe(renewed.clientSecret);
    expect(await serverRecordsOf(t, app.clientId)).toEqual([]);
    expect(await serverRecordsOf(t, other.clientId)).toEqual([kept]);

    const event = (await auditOf(u, app.id)).find((e) => e.action === 'regenerate');
    expect(event?.changes).toEqual({
      clientSecret: { before: REDACTED, after: REDACTED },
      revokedRecords: { after: 1 },
    });
    const trail = JSON.stringify(await auditOf(u, app.id));
    for (const secret of [app.clientSecret, renewed.clientSecret, sealedBefore, row.clientSecret]) {
      expect(trail).not.toContain(secret);
    }
  });

  it('deletes an app with its server data, then answers 404', async () => {
    const u = await createTenantWithUser(t);
    const app = await createApp(t, u, 'Portal');
    const other = await createApp(t, u, 'Other portal');
    await insertServerRecord(t, app.clientId);
    const kept = await insertServerRecord(t, other.clientId);

    const res = await api.send(u, 'DELETE', appUrl(app.id));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowOf(u, app.id)).toBeUndefined();
    expect(await serverRecordsOf(t, app.clientId)).toEqual([]);
    expect(await serverRecordsOf(t, other.clientId)).toEqual([kept]);
    expect((await api.send(u, 'GET', appUrl(app.id))).statusCode).toBe(404);
    expect((await api.send(u, 'DELETE', appUrl(app.id))).statusCode).toBe(404);
    expect((await api.call(u, applicationEndpoints.list)).json().total).toBe(1);

    const event = (await auditOf(u, app.id)).find((e) => e.action === 'delete');
    expect(event?.changes).toMatchObject({
      name: { before: 'Portal' },
      clientId: { before: app.clientId },
      revokedRecords: { after: 1 },
    });
    // The name is free again.
    expect((await api.call(u, applicationEndpoints.create, { body: { name: 'Portal' } })).statusCode).toBe(
      201,
    );
  });
});
