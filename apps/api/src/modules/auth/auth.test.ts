import { authEndpoints, MESSAGES } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, cookieFrom, createTenantWithUser, lastMailTo, outbox, useTestApp } from '../../../test/app.js';
import { auditEvents, sessions } from '../../db/schema/index.js';
import { hashToken } from '../../lib/token-hash.js';

const PASSWORD = 'Correct-horse1';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

describe('password login', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const login = (payload: Record<string, unknown>, extra: { cookie?: string; remoteAddress?: string } = {}) =>
    call(t, { method: 'POST', url: '/api/v1/auth/login', payload, ...extra });

  it('signs in with tenant name, e-mail and password and sets an httpOnly session cookie', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const res = await login({
      tenantName: u.tenantName,
      email: u.email.toUpperCase(),
      password: PASSWORD,
      timezone: 'Europe/Berlin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.userId,
      email: u.email,
      tenant: { id: u.tenantId, name: u.tenantName },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const session = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(res) });
    expect(session.json().id).toBe(u.userId);
    // The session and its audit event are written by one statement built once: each value in its column.
    const token = cookieFrom(res).split('=')[1]!;
    const opened = (await t.database.tenant(u.tenantId, (tx) => tx.select().from(sessions))).find(
      (row) => row.tokenHash === hashToken(token),
    );
    expect(opened).toMatchObject({
      tenantId: u.tenantId,
      userId: u.userId,
      userAgent: 'lightMyRequest',
      timezone: 'Europe/Berlin',
      mfaEnrolment: false,
    });
    expect(opened!.ip).toBeTruthy();
    expect(opened!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const events = await t.database.tenant(u.tenantId, (tx) => tx.select().from(auditEvents));
    expect(events.find((e) => e.action === 'sign-in')).toMatchObject({
      actorId: u.userId,
      outcome: 'success',
      method: 'password',
      targetType: 'user',
      targetId: u.userId,
      targetName: u.email,
      userAgent: 'lightMyRequest',
      ip: opened!.ip,
    });
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const wrong = await login({ tenantName: u.tenantName, email: u.email, password: 'Wrong-pass1' });
    const unknown = await login({
      tenantName: u.tenantName,
      email: 'ghost@example.com',
      password: 'Wrong-pass1',
    });
    const noTenant = await login({ tenantName: 'no-such-tenant', email: u.email, password: PASSWORD });
    for (const res of [wrong, unknown, noTenant]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'The e-mail, tenant name or password is incorrect.',
      });
    }
    const events = await t.database.tenant(u.tenantId, (tx) => tx.select().from(auditEvents));
    expect(events.map((e) => e.action)).toContain('failed-sign-in');
  });

  it.each([
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ email: 'nope' }, 'email', MESSAGES.emailInvalid],
    [{ tenantName: '' }, 'tenantName', MESSAGES.tenantNameRequired],
    [{ tenantName: 'ab' }, 'tenantName', MESSAGES.tenantNameMinLength],
    [{ password: '' }, 'password', MESSAGES.passwordRequired],
    [{ code: '12' }, 'code', MESSAGES.totpLength],
  ])('answers %o with the spec message', async (change, field, message) => {
    const res = await login({
      email: 'a@example.com',
      tenantName: 'tenant',
      password: 'Pass-word1',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it("checks no new-password rule at login: a short password is a wrong one, not a rule's message", async () => {
    for (const password of ['short', 'abcdefghi']) {
      const res = await login({ email: 'a@example.com', tenantName: 'tenant', password });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(res.json()).not.toHaveProperty('fields');
    }
  });

  it('rotates the session at login and ends it at logout', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const first = cookieFrom(await login({ tenantName: u.tenantName, email: u.email, password: PASSWORD }));
    const second = cookieFrom(
      await login({ tenantName: u.tenantName, email: u.email, password: PASSWORD }, { cookie: first }),
    );
    expect(second).not.toBe(first);
    expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: first })).statusCode).toBe(
      401,
    );

    const out = await call(t, { method: 'POST', url: '/api/v1/auth/logout', cookie: second });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/skyvault_session=;/);
    expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: second })).statusCode).toBe(
      401,
    );
    expect((await api.call(null, authEndpoints.logout)).statusCode).toBe(204);
  });

  const sessionWorks = async (cookie: string) =>
    (await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie })).statusCode === 200;

  it('keeps the session on a GET of the logout path, which only answers a page that asks', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.send(u, 'GET', '/api/v1/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('<form method="post" action="/api/v1/auth/logout">');
    expect(res.body).toContain('>Sign out</button>');
    expect(res.body).not.toContain('<script');
    // Its form must carry its origin for the CSRF rule (no-referrer would send `Origin: null`).
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(await sessionWorks(u.cookie)).toBe(true);
  });

  it('refuses a logout posted from another site, and the session goes on', async () => {
    const u = await createTenantWithUser(t);
    for (const headers of [
      { origin: 'https://evil.example.com', 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { ...headers, cookie: u.cookie },
        payload: '',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    }
    expect(await sessionWorks(u.cookie)).toBe(true);
  });

  it('signs out from the sign-out page and lands on the login page', async () => {
    const u = await createTenantWithUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: {
        host: 'localhost:8080',
        origin: 'http://localhost:8080',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: u.cookie,
      },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/login');
    expect(String(res.headers['set-cookie'])).toMatch(/skyvault_session=;/);
    expect(await sessionWorks(u.cookie)).toBe(false);
  });

  it('refuses a disabled account only after the right password', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { users } = await import('../../db/schema/index.js');
    await t.database.tenant(u.tenantId, (tx) => tx.update(users).set({ status: 'Disabled' }));
    const res = await login({ tenantName: u.tenantName, email: u.email, password: PASSWORD });
    expect(res.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('pre-login checks the credentials and tells whether MFA is needed', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const ok = await api.call(null, authEndpoints.preLogin, {
      body: { tenantName: u.tenantName, email: u.email, password: PASSWORD },
    });
    expect(ok.json()).toEqual({ isMfaEnabled: false, totp: false });
    const bad = await api.call(null, authEndpoints.preLogin, {
      body: { tenantName: u.tenantName, email: u.email, password: 'Wrong-pass1' },
    });
    expect(bad.json().code).toBe('INVALID_CREDENTIALS');
  });
});

describe('e-mail login codes', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const request = (email: string, remoteAddress = '203.0.113.1') =>
    call(t, { method: 'POST', url: '/api/v1/verification-codes', payload: { email }, remoteAddress });
  const verify = (email: string, code: string, remoteAddress = '203.0.113.1') =>
    call(t, {
      method: 'POST',
      url: '/api/v1/verification-codes/verify',
      payload: { email, code },
      remoteAddress,
    });

  it("e-mails a 6-digit code that answers the address's tenants once", async () => {
    const email = 'multi@example.com';
    const a = await createTenantWithUser(t, { email, tenantName: 'alpha-org' });
    const b = await createTenantWithUser(t, { email, tenantName: 'beta-org' });
    expect((await request(email)).statusCode).toBe(204);
    const code = codeIn((await lastMailTo(t, email)).text);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tenants: [
        { id: a.tenantId, name: 'alpha-org' },
        { id: b.tenantId, name: 'beta-org' },
      ],
    });
    const reused = await verify(email, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'INVALID_CODE',
      fields: { code: 'The verification code is incorrect or has expired.' },
    });
  });

  it('sends a code to an address without tenants too, and only its check says that no tenant uses it', async () => {
    const known = await createTenantWithUser(t);
    const stranger = 'stranger@example.com';
    const answers = [await request(known.email, '203.0.113.4'), await request(stranger, '203.0.113.4')];
    // The request answers alike: nothing tells the two addresses apart before the code is checked.
    expect(answers.map((res) => [res.statusCode, res.body])).toEqual([
      [204, ''],
      [204, ''],
    ]);
    const code = codeIn((await lastMailTo(t, stranger)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await verify(stranger, wrong, '203.0.113.4')).statusCode).toBe(400);
    const res = await verify(stranger, code, '203.0.113.4');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tenants: [] });
  });

  it('keeps one client from sending codes to many addresses without tenants', async () => {
    let status = 0;
    for (let i = 0; i < 21; i++) {
      status = (await request(`nobody${i}@example.com`, '203.0.113.5')).statusCode;
    }
    expect(status).toBe(429);
    // The refused request sent nothing.
    expect(outbox(t).some((m) => m.to === 'nobody20@example.com')).toBe(false);
  });

  it('voids a code after 5 wrong guesses', async () => {
    const u = await createTenantWithUser(t);
    await request(u.email, '203.0.113.2');
    const code = codeIn((await lastMailTo(t, u.email)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify(u.email, wrong, '203.0.113.2')).statusCode).toBe(400);
    expect((await verify(u.email, code, '203.0.113.2')).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const u = await createTenantWithUser(t);
    await request(u.email, '203.0.113.3');
    const code = codeIn((await lastMailTo(t, u.email)).text);
    const { loginCodes } = await import('../../db/schema/index.js');
    await t.database.system((tx) => tx.update(loginCodes).set({ expiresAt: new Date(Date.now() - 1) }));
    expect((await verify(u.email, code, '203.0.113.3')).statusCode).toBe(400);
  });

  it('limits code requests per address', async () => {
    const u = await createTenantWithUser(t);
    let status = 0;
    for (let i = 0; i < 6; i++) status = (await request(u.email, `203.0.113.${50 + i}`)).statusCode;
    expect(status).toBe(429);
  });

  it.each([
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ code: '' }, 'code', MESSAGES.verificationCodeRequired],
  ])('answers %o with the spec message', async (change, field, message) => {
    const res = await api.call(null, authEndpoints.verifyCode, {
      body: { email: 'a@example.com', code: '123456', ...change },
    });
    expect(res.json().fields[field]).toBe(message);
  });
});
