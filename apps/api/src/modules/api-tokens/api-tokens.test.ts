import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  apiTokenEndpoints,
  auditEndpoints,
  ipRangeEndpoints,
} from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, captureLog, createTenantWithUser, createTestApp, useTestApp } from '../../../test/app.js';
import { apiTokens, auditEvents } from '../../db/schema/index.js';
import { hashToken } from '../../lib/token-hash.js';
import { createApiToken, withToken } from './api-tokens.test-helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const in_ = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe('API tokens', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  it('is shown once, kept as its SHA-256, listed without the token and audited', async () => {
    const admin = await createTenantWithUser(t);
    const created = await createApiToken(t, admin, { name: 'Nightly export', scope: 'read', days: 90 });
    expect(created.token).toMatch(API_TOKEN_PATTERN);
    expect(created).toMatchObject({
      name: 'Nightly export',
      scope: 'read',
      prefix: created.token.slice(0, 8),
      createdBy: { id: admin.userId, email: admin.email },
      lastUsedAt: null,
    });
    const [row] = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(apiTokens).where(eq(apiTokens.id, created.id)),
    );
    expect(row!.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = (await api.call(admin, apiTokenEndpoints.list)).result();
    expect(list.total).toBe(1);
    expect(JSON.stringify(list)).not.toContain(created.token.slice(8));

    const events = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, created.id)),
    );
    expect(events).toMatchObject([{ action: 'create', targetType: 'api-token', actorId: admin.userId }]);
  });

  it('a read token lists users and is refused every change; no CSRF header is needed', async () => {
    const admin = await createTenantWithUser(t);
    const { token } = await createApiToken(t, admin, { scope: 'read' });
    const list = await withToken(t, token, { method: 'GET', url: '/api/v1/users' });
    expect(list.statusCode).toBe(200);
    expect(list.json().users.map((u: { id: string }) => u.id)).toContain(admin.userId);

    const write = await withToken(t, token, {
      method: 'POST',
      url: '/api/v1/roles',
      payload: { name: 'Auditors', description: '' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'INSUFFICIENT_ACCESS', message: API_TOKEN_MESSAGES.readOnly });
  });

  it('an admin token changes data without the CSRF header, audited as the token', async () => {
    const admin = await createTenantWithUser(t);
    const { token, id } = await createApiToken(t, admin, { name: 'Provisioning script' });
    const res = await withToken(t, token, {
      method: 'POST',
      url: '/api/v1/roles',
      payload: { name: 'Auditors', description: '' },
    });
    expect(res.statusCode).toBe(201);
    const [event] = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, res.json().id)),
    );
    expect(event).toMatchObject({
      actorId: id,
      actorEmail: null,
      actorName: 'API token "Provisioning script"',
    });
    const query = { resourceId: res.json().id };
    const trail = (await api.call(admin, auditEndpoints.list, { query })).result();
    expect(trail.events[0]).toMatchObject({
      actorType: 'api-token',
      actor: { id, name: 'API token "Provisioning script"' },
    });

    // The token's last use is recorded with the address it came from.
    const listed = (await api.call(admin, apiTokenEndpoints.list)).result().apiTokens[0]!;
    expect(listed).toMatchObject({ lastUsedIp: '203.0.113.50', lastUsedAt: expect.any(String) });
  });

  it('the same change with a session still needs the CSRF header', async () => {
    const admin = await createTenantWithUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ip-ranges',
      headers: { cookie: admin.cookie },
      payload: { name: 'Office', startIPAddress: '203.0.113.0', endIPAddress: '203.0.113.255' },
    });
    expect(res.json()).toMatchObject({ statusCode: 403, code: 'CSRF_REJECTED' });
  });

  it('a bearer is judged alone: a bad one answers 401 even with a valid cookie beside it', async () => {
    const admin = await createTenantWithUser(t);
    for (const authorization of ['Bearer svt_nope', `Bearer svt_${'A'.repeat(43)}`, 'Bearer ']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users',
        headers: { authorization, cookie: admin.cookie },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.json()).toMatchObject({
        code: 'INVALID_SESSION_EXCEPTION',
        message: API_TOKEN_MESSAGES.invalid,
      });
    }
  });

  it('a revoked token answers 401 on its next call', async () => {
    const admin = await createTenantWithUser(t);
    const { token, id } = await createApiToken(t, admin);
    expect((await withToken(t, token, { method: 'GET', url: '/api/v1/users' })).statusCode).toBe(200);
    expect((await api.call(admin, apiTokenEndpoints.revoke, { params: { id } })).statusCode).toBe(204);
    expect((await withToken(t, token, { method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
    const events = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, id)).orderBy(auditEvents.seq),
    );
    expect(events.map((e) => e.action)).toEqual(['create', 'revoke']);
  });

  it('an expired token answers 401', async () => {
    const admin = await createTenantWithUser(t);
    const { token, id } = await createApiToken(t, admin);
    await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, id)),
    );
    expect((await withToken(t, token, { method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
  });

  it("a token of tenant A never sees tenant B's data", async () => {
    const a = await createTenantWithUser(t);
    const b = await createTenantWithUser(t);
    const { token } = await createApiToken(t, a);
    const list = await withToken(t, token, { method: 'GET', url: '/api/v1/users' });
    expect(list.json().users.map((u: { id: string }) => u.id)).toEqual([a.userId]);
    const other = await withToken(t, token, { method: 'GET', url: `/api/v1/users/${b.userId}` });
    expect(other.statusCode).toBe(404);
    const bToken = await createApiToken(t, b);
    const revoke = await api.call(a, apiTokenEndpoints.revoke, { params: { id: bToken.id } });
    expect(revoke.statusCode).toBe(404);
  });

  it('refuses a token what belongs to a signed-in person, and the tokens themselves', async () => {
    const admin = await createTenantWithUser(t);
    const { token } = await createApiToken(t, admin);
    for (const [method, url] of [
      ['GET', '/api/v1/auth/session'],
      ['GET', '/api/v1/mfa'],
      ['GET', '/api/v1/sessions/me'],
      ['GET', '/api/v1/api-tokens'],
      ['POST', '/api/v1/api-tokens'],
    ] as const) {
      const res = await withToken(t, token, { method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(API_TOKEN_MESSAGES.sessionOnly);
    }
  });

  it('a SCIM token calls nothing under /api', async () => {
    const admin = await createTenantWithUser(t);
    const { token } = await createApiToken(t, admin, { scope: 'scim' });
    const res = await withToken(t, token, { method: 'GET', url: '/api/v1/users' });
    expect(res.json()).toMatchObject({ statusCode: 403, message: API_TOKEN_MESSAGES.scimOnly });
  });

  it("is subject to the tenant's network ranges", async () => {
    const admin = await createTenantWithUser(t);
    const { token } = await createApiToken(t, admin);
    await api.call(admin, ipRangeEndpoints.create, {
      from: '198.51.100.7',
      body: { name: 'Office', startIPAddress: '198.51.100.0', endIPAddress: '198.51.100.255' },
    });
    const outside = await withToken(t, token, { method: 'GET', url: '/api/v1/users', from: '203.0.113.9' });
    expect(outside.json()).toMatchObject({ statusCode: 403, code: 'IP_NOT_ALLOWED' });
    const inside = await withToken(t, token, { method: 'GET', url: '/api/v1/users', from: '198.51.100.20' });
    expect(inside.statusCode).toBe(200);
  });

  it('validates the name, scope and expiry with the contract messages', async () => {
    const admin = await createTenantWithUser(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', scope: 'read', expiresAt: in_(30) }, 'name', API_TOKEN_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(65), scope: 'read', expiresAt: in_(30) }, 'name', API_TOKEN_MESSAGES.nameMaxLength],
      [{ name: '<script>', scope: 'read', expiresAt: in_(30) }, 'name', API_TOKEN_MESSAGES.namePattern],
      [{ name: 'ok', scope: 'root', expiresAt: in_(30) }, 'scope', API_TOKEN_MESSAGES.scopeRequired],
      [{ name: 'ok', scope: 'read', expiresAt: in_(-1) }, 'expiresAt', API_TOKEN_MESSAGES.expiresAtPast],
      [{ name: 'ok', scope: 'read', expiresAt: in_(800) }, 'expiresAt', API_TOKEN_MESSAGES.expiresAtTooLate],
      [
        { name: 'ok', scope: 'read', expiresAt: 'tomorrow' },
        'expiresAt',
        API_TOKEN_MESSAGES.expiresAtRequired,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call(t, { method: 'POST', url: '/api/v1/api-tokens', cookie: admin.cookie, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    await createApiToken(t, admin, { name: 'Backup job' });
    const taken = await call(t, {
      method: 'POST',
      url: '/api/v1/api-tokens',
      cookie: admin.cookie,
      payload: { name: 'backup JOB', scope: 'read', expiresAt: in_(30) },
    });
    expect(taken.json()).toMatchObject({ statusCode: 409, fields: { name: API_TOKEN_MESSAGES.nameTaken } });
  });

  it('is for administrators only', async () => {
    const member = await createTenantWithUser(t, { isAdmin: false });
    expect((await api.call(member, apiTokenEndpoints.list)).statusCode).toBe(403);
  });
});

describe('API tokens in the log', () => {
  it('never writes a token to the log', async () => {
    const log = captureLog();
    const t = await createTestApp({}, { logStream: log.stream });
    try {
      const admin = await createTenantWithUser(t);
      const { token } = await createApiToken(t, admin);
      await withToken(t, token, { method: 'GET', url: '/api/v1/users' });
      await withToken(t, `${token.slice(0, -1)}x`, { method: 'GET', url: '/api/v1/users' });
      expect(log.text()).not.toContain(token.slice(4));
    } finally {
      await t.close();
    }
  });
});
