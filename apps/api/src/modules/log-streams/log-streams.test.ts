import { LOG_STREAM_MESSAGES } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTenantWithUser, createTestApp, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents, logStreams } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';

const url = '/api/v1/log-streams';
const splunk = (name = 'Splunk') => ({
  name,
  settings: { type: 'splunk', url: 'http://127.0.0.1:9/', token: 'HEC-SECRET-never-shown' },
});

describe('log streams (API)', () => {
  const t = useTestApp(() => createTestApp({ OUTBOUND_PRIVATE_NETWORKS: 'true' }));
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    owner = await createTenantWithUser(t);
    other = await createTenantWithUser(t);
  });

  it('creates a stream with its token sealed, never answered, and audited without it', async () => {
    const res = await call(t, { method: 'POST', url, cookie: owner.cookie, payload: splunk() });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Splunk',
      type: 'splunk',
      state: 'active',
      secret: null,
      actions: [],
      lagSeconds: 0,
      settings: { url: 'http://127.0.0.1:9/', hasSecret: true },
    });
    expect(res.body).not.toContain('HEC-SECRET');
    const [row] = await t.database.system((tx) =>
      tx.select().from(logStreams).where(eq(logStreams.id, created.id)),
    );
    expect(row!.secret).not.toContain('HEC-SECRET');
    expect(
      t.app.services.secrets.open(sealedAt.logStreamSecret(owner.tenantId, created.id), row!.secret!),
    ).toBe('HEC-SECRET-never-shown');
    const trail = await t.database.system((tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, created.id)),
    );
    expect(trail.map((event) => event.action)).toEqual(['create']);
    expect(JSON.stringify(trail)).not.toContain('HEC-SECRET');
    const list = await call(t, { method: 'GET', url, cookie: owner.cookie });
    expect(list.json()).toMatchObject({ total: 1, logStreams: [{ id: created.id }] });
  });

  it('answers an HTTPS stream its signing secret once', async () => {
    const res = await call(t, {
      method: 'POST',
      url,
      cookie: owner.cookie,
      payload: { name: 'Receiver', settings: { type: 'https', url: 'http://127.0.0.1:9/hook' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, secret } = res.json();
    expect(secret).toMatch(/^whsec_/);
    const again = await call(t, { method: 'GET', url: `${url}/${id}`, cookie: owner.cookie });
    expect(again.body).not.toContain(secret);
  });

  it('shows a URL with a path or query masked, everywhere, and keeps it whole when an edit sends the mask back', async () => {
    const secretUrl = 'http://127.0.0.1:9/services/collector?token=URL-SECRET-never-shown';
    const res = await call(t, {
      method: 'POST',
      url,
      cookie: owner.cookie,
      payload: { name: 'Masked', settings: { type: 'splunk', url: secretUrl, token: 'hec' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, settings } = res.json();
    expect(settings.url).toBe('http://127.0.0.1:9/…');
    const shown = [
      res.body,
      (await call(t, { method: 'GET', url: `${url}/${id}`, cookie: owner.cookie })).body,
    ];
    shown.push((await call(t, { method: 'GET', url, cookie: owner.cookie })).body);
    // An edit of the name alone sends the form back as shown: the stored URL stays whole.
    const edited = await call(t, {
      method: 'PATCH',
      url: `${url}/${id}`,
      cookie: owner.cookie,
      payload: { name: 'Masked 2', settings: { type: 'splunk', url: settings.url } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    shown.push(edited.body);
    const stored = async () =>
      (await t.database.system((tx) => tx.select().from(logStreams).where(eq(logStreams.id, id))))[0]!;
    expect((await stored()).settings.url).toBe(secretUrl);
    // A URL typed anew replaces it.
    const moved = await call(t, {
      method: 'PATCH',
      url: `${url}/${id}`,
      cookie: owner.cookie,
      payload: { settings: { type: 'splunk', url: 'http://127.0.0.1:9/elsewhere' } },
    });
    expect(moved.json().settings.url).toBe('http://127.0.0.1:9/…');
    expect((await stored()).settings.url).toBe('http://127.0.0.1:9/elsewhere');
    const trail = await t.database.system((tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, id)),
    );
    expect(trail.map((event) => event.action)).toEqual(['create', 'update', 'update']);
    for (const text of [...shown, JSON.stringify(trail)]) expect(text).not.toContain('URL-SECRET');
  });

  it.each([
    [
      { name: 'x', settings: { type: 'splunk', url: 'http://127.0.0.1:9/' } },
      'settings.token',
      LOG_STREAM_MESSAGES.tokenRequired,
    ],
    [
      { name: 'x', settings: { type: 'datadog', url: 'ftp://x', apiKey: 'k' } },
      'settings.url',
      LOG_STREAM_MESSAGES.urlInvalid,
    ],
    [
      { name: 'x', settings: { type: 'storage', storageId: '' } },
      'settings.storageId',
      LOG_STREAM_MESSAGES.storageRequired,
    ],
    [{ name: '', settings: { type: 'https', url: 'https://example.com' } }, 'name', 'Name is required'],
  ])('refuses %j with the field message', async (payload, field, message) => {
    const res = await call(t, { method: 'POST', url, cookie: owner.cookie, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses a storage the tenant does not have, and a name taken', async () => {
    const res = await call(t, {
      method: 'POST',
      url,
      cookie: owner.cookie,
      payload: {
        name: 'Files',
        settings: { type: 'storage', storageId: crypto.randomUUID(), prefix: 'audit' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['settings.storageId']).toBe(LOG_STREAM_MESSAGES.storageNotFound);
    const taken = await call(t, { method: 'POST', url, cookie: owner.cookie, payload: splunk('splunk') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(LOG_STREAM_MESSAGES.nameTaken);
  });

  it('pauses and resumes, edits keeping the token, and deletes, each audited', async () => {
    const { id } = (
      await call(t, { method: 'POST', url, cookie: owner.cookie, payload: splunk('Edited') })
    ).json();
    const paused = await call(t, { method: 'POST', url: `${url}/${id}/pause`, cookie: owner.cookie });
    expect(paused.json().state).toBe('paused');
    expect(
      (await call(t, { method: 'POST', url: `${url}/${id}/pause`, cookie: owner.cookie })).statusCode,
    ).toBe(409);
    const resumed = await call(t, { method: 'POST', url: `${url}/${id}/resume`, cookie: owner.cookie });
    expect(resumed.json().state).toBe('active');
    const edited = await call(t, {
      method: 'PATCH',
      url: `${url}/${id}`,
      cookie: owner.cookie,
      payload: {
        name: 'Edited 2',
        actions: ['sign-in'],
        settings: { type: 'splunk', url: 'http://127.0.0.1:10/' },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Edited 2',
      actions: ['sign-in'],
      settings: { hasSecret: true },
    });
    const removed = await call(t, { method: 'DELETE', url: `${url}/${id}`, cookie: owner.cookie });
    expect(removed.statusCode).toBe(204);
    const trail = await t.database.system((tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, id)),
    );
    expect(trail.map((event) => event.action).sort()).toEqual([
      'create',
      'delete',
      'disable',
      'enable',
      'update',
    ]);
  });

  it("answers 404 for another tenant's stream", async () => {
    const { id } = (
      await call(t, { method: 'POST', url, cookie: owner.cookie, payload: splunk('Mine') })
    ).json();
    for (const [method, path] of [
      ['GET', `${url}/${id}`],
      ['PATCH', `${url}/${id}`],
      ['DELETE', `${url}/${id}`],
      ['POST', `${url}/${id}/pause`],
      ['POST', `${url}/${id}/replay`],
    ] as const) {
      const res = await call(t, {
        method,
        url: path,
        cookie: other.cookie,
        ...(method === 'PATCH' ? { payload: { name: 'Theirs' } } : {}),
        ...(path.endsWith('replay') ? { payload: { from: new Date().toISOString() } } : {}),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call(t, { method: 'GET', url, cookie: other.cookie })).json().total).toBe(0);
  });

  it('lets an Auditor read and refuses them a change; a user administrator sees nothing', async () => {
    const auditor = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Auditor'] });
    expect((await call(t, { method: 'GET', url, cookie: auditor.cookie })).statusCode).toBe(200);
    const refused = await call(t, { method: 'POST', url, cookie: auditor.cookie, payload: splunk('Nope') });
    expect(refused.statusCode).toBe(403);
    const users = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['UserAdministrator'],
    });
    expect((await call(t, { method: 'GET', url, cookie: users.cookie })).statusCode).toBe(403);
    const security = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['SecurityAdministrator'],
    });
    expect(
      (await call(t, { method: 'POST', url, cookie: security.cookie, payload: splunk('Sec') })).statusCode,
    ).toBe(201);
  });

  it('refuses a private address where the server may not reach one', async () => {
    const closed = await createTestApp();
    try {
      const u = await createTenantWithUser(closed);
      const res = await call(closed, { method: 'POST', url, cookie: u.cookie, payload: splunk() });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields['settings.url']).toBe(LOG_STREAM_MESSAGES.urlNotAllowed);
    } finally {
      await closed.close();
    }
  });
});
