import {
  ERROR_MESSAGES,
  ipRangeEndpoints,
  mfaEndpoints,
  systemEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  cookieFrom,
  createTenantWithUser,
  createTestApp,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { auditEvents, sessions } from '../../db/schema/index.js';
import { createRange, ELSEWHERE, OFFICE, OFFICE_RANGE } from './ip-ranges.test-helpers.js';

const PASSWORD = 'Correct-horse1';
const refused = { statusCode: 403, code: 'IP_NOT_ALLOWED', message: ERROR_MESSAGES.IP_NOT_ALLOWED };

describe('network access enforcement', () => {
  const t = useTestApp();
  const api = apiCaller(t, { from: OFFICE });

  const login = (u: TestUser, from: string, password = PASSWORD, path = 'login') =>
    call(t, {
      method: 'POST',
      url: `/api/v1/auth/${path}`,
      payload: { tenantName: u.tenantName, email: u.email, password },
      remoteAddress: from,
    });

  const lastSeen = async (u: TestUser) => {
    const rows = await t.database.tenant(u.tenantId, (tx) =>
      tx.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tenantId, u.tenantId)),
    );
    return rows[0]!.at.getTime();
  };

  it('tells the administrator the address they call from, IPv4-mapped addresses as plain IPv4', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const list = (from: string) => api.call(u, ipRangeEndpoints.list, { from });
    expect((await list('::ffff:198.51.100.7')).json().yourAddress).toBe('198.51.100.7');
    expect((await list('2001:DB8:0:0::1')).json().yourAddress).toBe('2001:db8::1');
  });

  it('lets every address in while the tenant has no range', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    expect((await api.call(u, userEndpoints.list, { from: ELSEWHERE })).statusCode).toBe(200);
    expect((await login(u, ELSEWHERE)).statusCode).toBe(200);
  });

  it('refuses API calls of a session from outside every range, without keeping the session alive', async () => {
    const u = await createTenantWithUser(t);
    await createRange(t, u, { name: 'Head office', ...OFFICE_RANGE });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await t.database.tenant(u.tenantId, (tx) =>
      tx.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.tenantId, u.tenantId)),
    );

    for (const url of ['/api/v1/users', '/api/v1/auth/session', '/api/v1/ip-ranges']) {
      const res = await api.send(u, 'GET', url, undefined, ELSEWHERE);
      expect(res.json(), url).toMatchObject(refused);
    }
    expect(
      (
        await api.call(u, ipRangeEndpoints.create, {
          body: { name: 'Home', startIPAddress: ELSEWHERE, endIPAddress: ELSEWHERE },
          from: ELSEWHERE,
        })
      ).statusCode,
    ).toBe(403);
    expect(await lastSeen(u)).toBe(longAgo.getTime());

    // Public calls treat the caller as a visitor, so the login page still loads.
    expect((await api.call(u, systemEndpoints.brand, { from: ELSEWHERE })).statusCode).toBe(200);
    // Back inside, the same session works again.
    expect((await api.call(u, userEndpoints.list, { from: '198.51.100.200' })).statusCode).toBe(200);
    expect(await lastSeen(u)).toBeGreaterThan(longAgo.getTime());
  });

  it("holds every user of the tenant to its ranges, and no other tenant's", async () => {
    const admin = await createTenantWithUser(t);
    await createRange(t, admin, { name: 'Head office', ...OFFICE_RANGE });
    const stranger = await createTenantWithUser(t);
    expect((await api.call(stranger, mfaEndpoints.list, { from: ELSEWHERE })).statusCode).toBe(200);
  });

  it('refuses a sign-in from outside only after the password is proven, and audits it', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    await createRange(t, u, { name: 'Head office', ...OFFICE_RANGE });

    const wrong = await login(u, ELSEWHERE, 'Wrong-horse1');
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const preLogin = await login(u, ELSEWHERE, PASSWORD, 'pre-login');
    expect(preLogin.json()).toMatchObject(refused);
    const res = await login(u, ELSEWHERE);
    expect(res.json()).toMatchObject(refused);
    expect(res.headers['set-cookie']).toBeUndefined();
    const failures = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'failed-sign-in'), eq(auditEvents.ip, ELSEWHERE))),
    );
    expect(failures.length).toBeGreaterThanOrEqual(2);

    const inside = await login(u, OFFICE);
    expect(inside.statusCode).toBe(200);
    const session = await call(t, {
      method: 'GET',
      url: '/api/v1/auth/session',
      cookie: cookieFrom(inside),
      remoteAddress: OFFICE,
    });
    expect(session.json().id).toBe(u.userId);
  });

  it('takes IPv6 ranges, and reads IPv4-mapped addresses as IPv4', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    await createRange(
      t,
      u,
      { name: 'Lab v6', startIPAddress: '2001:db8:1::', endIPAddress: '2001:db8:1:ffff:ffff:ffff:ffff:ffff' },
      '2001:db8:1::10',
    );
    expect((await api.call(u, userEndpoints.list, { from: '2001:db8:1::beef' })).statusCode).toBe(200);
    expect((await api.call(u, userEndpoints.list, { from: '2001:db8:2::1' })).json()).toMatchObject(refused);
    expect((await login(u, '2001:db8:1:ab::1')).statusCode).toBe(200);
    expect((await login(u, OFFICE)).json()).toMatchObject(refused);

    await createRange(t, u, { name: 'Head office', ...OFFICE_RANGE }, '2001:db8:1::10');
    expect((await api.call(u, userEndpoints.list, { from: `::ffff:${OFFICE}` })).statusCode).toBe(200);
    expect((await login(u, `::ffff:${OFFICE}`)).statusCode).toBe(200);
    expect((await api.call(u, userEndpoints.list, { from: `::ffff:${ELSEWHERE}` })).json()).toMatchObject(
      refused,
    );
  });
});

describe('network access behind a proxy', () => {
  const PROXY = '10.0.0.2';

  it('uses X-Forwarded-For only with TRUST_PROXY', async () => {
    const results: Record<string, number[]> = {};
    for (const trustProxy of ['true', 'false']) {
      const t = await createTestApp({ TRUST_PROXY: trustProxy });
      try {
        const u = await createTenantWithUser(t, { password: PASSWORD });
        const from = (client: string) => ({ remoteAddress: PROXY, headers: { 'x-forwarded-for': client } });
        const create = await call(t, {
          method: 'POST',
          url: '/api/v1/ip-ranges',
          payload: { name: 'Head office', ...OFFICE_RANGE },
          cookie: u.cookie,
          ...from(OFFICE),
        });
        const inside = await call(t, {
          method: 'GET',
          url: '/api/v1/users',
          cookie: u.cookie,
          ...from(OFFICE),
        });
        const outside = await call(t, {
          method: 'GET',
          url: '/api/v1/users',
          cookie: u.cookie,
          ...from(ELSEWHERE),
        });
        const signIn = await call(t, {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { tenantName: u.tenantName, email: u.email, password: PASSWORD },
          ...from(ELSEWHERE),
        });
        results[trustProxy] = [create.statusCode, inside.statusCode, outside.statusCode, signIn.statusCode];
      } finally {
        await t.close();
      }
    }
    // Trusted: the forwarded client address decides. Untrusted: the proxy's own address is the client's,
    // so the first range (without 10.0.0.2) would lock the administrator out.
    expect(results).toEqual({ true: [201, 200, 403, 403], false: [409, 200, 200, 200] });
  });
});
