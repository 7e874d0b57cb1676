import { authEndpoints, sessionEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, createTestApp, signIn, useTestApp } from '../../../test/app.js';
import { signal } from '../../../test/signal.js';
import { sessions, tenants, users } from '../../db/schema/index.js';
import { hashToken } from '../../lib/token-hash.js';

const tokenOf = (cookie: string) => cookie.split('=')[1]!;

describe('GET /api/v1/auth/session', () => {
  const t = useTestApp(() => createTestApp({ SESSION_IDLE_TTL: '600' }));
  const api = apiCaller(t);

  it('answers 401 INVALID_SESSION_EXCEPTION without a session', async () => {
    const res = await api.call(null, sessionEndpoints.session);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_SESSION_EXCEPTION',
      message: expect.any(String),
      requestId: expect.any(String),
    });
  });

  it('answers the signed-in user with the tenant and its services', async () => {
    const u = await createTenantWithUser(t, {
      services: ['devOps'],
      isAdmin: false,
      tenantName: 'acme-corp',
    });
    const res = await api.call(u, sessionEndpoints.session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: u.userId,
      email: u.email,
      firstName: 'Test',
      lastName: expect.any(String),
      isAdmin: false,
      adminRoles: [],
      permissions: [],
      tenant: { id: u.tenantId, name: 'acme-corp' },
      services: ['devOps'],
    });
  });

  it('ignores an unknown or malformed token and clears the cookie', async () => {
    for (const cookie of ['skyvault_session=not-a-session', `skyvault_session=${'x'.repeat(500)}`]) {
      const res = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie });
      expect(res.statusCode).toBe(401);
      expect(String(res.headers['set-cookie'])).toMatch(/skyvault_session=;/);
    }
  });

  it('keeps only the token hash in the database', async () => {
    const u = await createTenantWithUser(t);
    const token = tokenOf(u.cookie);
    const rows = await t.database.tenant(u.tenantId, (tx) => tx.select().from(sessions));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('ends a session past its absolute expiry', async () => {
    const u = await createTenantWithUser(t);
    await t.database.tenant(u.tenantId, (tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tenantId, u.tenantId)),
    );
    const res = await api.call(u, sessionEndpoints.session);
    expect(res.statusCode).toBe(401);
    const left = await t.database.tenant(u.tenantId, (tx) => tx.select().from(sessions));
    expect(left).toHaveLength(0);
  });

  it('ends a session idle for longer than SESSION_IDLE_TTL', async () => {
    const u = await createTenantWithUser(t);
    await t.database.tenant(u.tenantId, (tx) =>
      tx
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 601_000) })
        .where(eq(sessions.tenantId, u.tenantId)),
    );
    expect((await api.call(u, sessionEndpoints.session)).statusCode).toBe(401);
  });

  const lastSeenOf = async (tenantId: string) =>
    (await t.database.tenant(tenantId, (tx) => tx.select().from(sessions)))[0]!.lastSeenAt.getTime();
  const seenAgo = (tenantId: string, ms: number) =>
    t.database.tenant(tenantId, (tx) =>
      tx
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - ms) })
        .where(eq(sessions.tenantId, tenantId)),
    );

  it('marks the session used at most once a minute', async () => {
    const u = await createTenantWithUser(t);
    await seenAgo(u.tenantId, 61_000);
    const before = Date.now();
    expect((await api.call(u, sessionEndpoints.session)).statusCode).toBe(200);
    const marked = await lastSeenOf(u.tenantId);
    expect(marked).toBeGreaterThanOrEqual(before - 1_000);
    expect((await api.call(u, sessionEndpoints.session)).statusCode).toBe(200);
    expect(await lastSeenOf(u.tenantId)).toBe(marked);
  });

  // A page's calls come in bursts on one session: each one waiting for the row while another marked it
  // used queued them all behind each other, every minute.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers while another call holds the session row to mark it used, without waiting for it',
    async () => {
      const u = await createTenantWithUser(t);
      await seenAgo(u.tenantId, 61_000);
      const released = signal();
      const locked = signal();
      const holder = t.database.tenant(u.tenantId, async (tx) => {
        await tx.select().from(sessions).where(eq(sessions.tenantId, u.tenantId)).for('update');
        locked.fire();
        await released.fired;
      });
      await locked.fired;
      try {
        const answer = api.call(u, sessionEndpoints.session).then((res) => res.statusCode);
        const waited = new Promise((resolve) => setTimeout(() => resolve('waited for the row'), 3_000));
        expect(await Promise.race([answer, waited])).toBe(200);
      } finally {
        released.fire();
        await holder;
      }
    },
  );

  it('ends the session of a disabled user or a suspended tenant at once', async () => {
    const u = await createTenantWithUser(t);
    await t.database.tenant(u.tenantId, (tx) =>
      tx
        .update(users)
        .set({ status: 'Disabled' })
        .where(and(eq(users.tenantId, u.tenantId), eq(users.id, u.userId))),
    );
    expect((await api.call(u, sessionEndpoints.session)).statusCode).toBe(401);

    const v = await createTenantWithUser(t);
    await t.database.tenant(v.tenantId, (tx) =>
      tx.update(tenants).set({ status: 'suspended' }).where(eq(tenants.id, v.tenantId)),
    );
    expect((await api.call(v, sessionEndpoints.session)).statusCode).toBe(401);
  });

  it('a session of tenant A only ever shows tenant A', async () => {
    const a = await createTenantWithUser(t, { tenantName: 'tenant-a' });
    const b = await createTenantWithUser(t, { tenantName: 'tenant-b' });
    const asA = await api.call(a, sessionEndpoints.session);
    expect(asA.json().tenant).toEqual({ id: a.tenantId, name: 'tenant-a' });
    // A second session for the same user is independent of the first.
    const second = await signIn(t, b.tenantId, b.userId);
    expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: second })).json().id).toBe(
      b.userId,
    );
  });
});

describe('the session cookie behind HTTPS', () => {
  it('is __Host- prefixed, Secure, httpOnly and SameSite=Lax', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
    try {
      const u = await createTenantWithUser(t, { password: 'Https-pass1' });
      const res = await apiCaller(t).call(null, authEndpoints.login, {
        body: { tenantName: u.tenantName, email: u.email, password: 'Https-pass1' },
      });
      const setCookie = ([] as string[])
        .concat(res.headers['set-cookie'] as string | string[])
        .find((c) => c.startsWith('__Host-skyvault_session='))!;
      expect(setCookie).toMatch(
        /^__Host-skyvault_session=[\w-]{43}; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
      );
      const cookie = setCookie.split(';')[0]!;
      expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie })).statusCode).toBe(200);
      // The plain name is not accepted behind HTTPS.
      const plain = cookie.replace('__Host-', '');
      expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: plain })).statusCode).toBe(
        401,
      );
    } finally {
      await t.close();
    }
  });
});
