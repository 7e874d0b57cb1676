import { randomUUID } from 'node:crypto';
import { authPolicyEndpoints, MESSAGES, MFA_POLICY_MESSAGES, ssoStartPath } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, captureLog, cookieFrom, createTenantWithUser, type TestUser } from '../../../test/app.js';
import { auditEvents, mfaDevices, oauthStates, users } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import { issueRecoveryCodes } from '../mfa/recovery-codes.js';
import { currentCode, newTotpSecret } from '../mfa/totp.js';
import {
  createProvider,
  IDP_SECRET,
  providerBody,
  signInAtProvider,
  ssoCookieFrom,
  useSsoApps,
} from './sso.test-helpers.js';

/** Users with an enabled MFA device finish a provider sign-in with their TOTP code, as at the login. */
describe('single sign-on with MFA', () => {
  const log = captureLog();
  const { idp, t } = useSsoApps(
    [{ sub: 'ada-1', email: 'ada@acme.example', givenName: 'Ada', familyName: 'L' }],
    { LOG_LEVEL: 'trace' },
    { logStream: log.stream },
  );

  let host = 0;
  const get = (url: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: `2001:db8::5:${(host++).toString(16)}`,
      headers: cookie ? { cookie } : {},
    });
  const complete = (payload: object, cookie?: string) =>
    call(t, { method: 'POST', url: '/api/v1/sso/complete', payload, cookie });

  /** A tenant whose administrator (ada@acme.example) has an enabled device; answers its secret. */
  async function mfaUser(): Promise<{ admin: TestUser; providerId: string; secret: string }> {
    const admin = await createTenantWithUser(t, { email: 'ada@acme.example' });
    const secret = newTotpSecret();
    const deviceId = randomUUID();
    await t.database.tenant(admin.tenantId, (tx) =>
      tx.insert(mfaDevices).values({
        id: deviceId,
        tenantId: admin.tenantId,
        userId: admin.userId,
        name: 'Phone',
        secret: t.app.services.secrets.seal(sealedAt.mfaDeviceSecret(admin.tenantId, deviceId), secret),
        status: 'Enable',
      }),
    );
    const providerId = await createProvider(t, admin, providerBody(idp.issuer));
    return { admin, providerId, secret };
  }

  /** Through the provider to the login page's TOTP step; answers the ticket. */
  async function ticketFor(providerId: string, state = '/groups') {
    const started = await get(`${ssoStartPath(providerId)}?state=${encodeURIComponent(state)}`);
    const back = await get(
      await signInAtProvider(idp, String(started.headers.location), 'ada-1'),
      ssoCookieFrom(started),
    );
    expect(back.statusCode).toBe(302);
    expect(back.headers['set-cookie']).toBeUndefined();
    const landing = new URL(String(back.headers.location), 'https://console.example.com');
    expect(landing.pathname).toBe('/auth/login');
    expect(landing.searchParams.get('redirectTo')).toBe(state);
    return landing.searchParams.get('ssoTicket')!;
  }

  it('sends an MFA user to the TOTP step and signs them in with a correct code', async () => {
    const { admin, providerId, secret } = await mfaUser();
    const ticket = await ticketFor(providerId);
    expect(ticket).toMatch(/^[\w-]{43}$/);
    const [row] = await t.database.system((tx) =>
      tx.select().from(oauthStates).where(eq(oauthStates.purpose, 'sso-mfa')),
    );
    expect(row!.stateHash).not.toContain(ticket);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const wrong = await complete({ ticket, code: currentCode(secret) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_TOTP',
      fields: { code: 'The verification code is incorrect.' },
    });
    const invalid = await complete({ ticket, code: '12ab' });
    expect(invalid.json().fields).toEqual({ code: 'TOTP length is incorrect' });

    const ok = await complete({ ticket, code: currentCode(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      id: admin.userId,
      email: 'ada@acme.example',
      tenant: { id: admin.tenantId },
    });
    const session = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(ok) });
    expect(session.json().id).toBe(admin.userId);

    // Once: the ticket is gone with its use.
    const reused = await complete({ ticket, code: currentCode(secret, Date.now() + 30_000) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'SSO_FAILED', message: MESSAGES.ssoTicketExpired });

    const actions = await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.targetId, admin.userId)),
    );
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['failed-sign-in', 'sign-in']));
  });

  it('signs an MFA user in with a recovery code instead, once', async () => {
    const { admin, providerId } = await mfaUser();
    const [code] = await t.database.tenant(admin.tenantId, (tx) =>
      issueRecoveryCodes(tx, admin.tenantId, admin.userId),
    );
    const ok = await complete({ ticket: await ticketFor(providerId), recoveryCode: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: admin.userId });
    expect(ok.json().mfaEnrolment).toBeUndefined();
    const again = await complete({ ticket: await ticketFor(providerId), recoveryCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_TOTP',
      fields: { recoveryCode: MFA_POLICY_MESSAGES.recoveryCodeIncorrect },
    });
    const used = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'recovery-code-used')),
    );
    expect(used).toMatchObject([{ actorId: admin.userId, method: 'sso' }]);
  });

  it('restricts the provider sign-in of a user the policy requires MFA of and who has no factor', async () => {
    const admin = await createTenantWithUser(t, { email: 'ada@acme.example' });
    const providerId = await createProvider(t, admin, providerBody(idp.issuer));
    await apiCaller(t)
      .call(admin, authPolicyEndpoints.update, { body: { mfaPolicy: 'everyone', mfaGraceDays: 0 } })
      .then((res) => res.result());
    const started = await get(ssoStartPath(providerId));
    const back = await get(
      await signInAtProvider(idp, String(started.headers.location), 'ada-1'),
      ssoCookieFrom(started),
    );
    expect(back.statusCode).toBe(302);
    const cookie = cookieFrom(back);
    const session = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie });
    expect(session.json().mfaEnrolment).toMatchObject({ restricted: true, graceDaysLeft: 0 });
    const listed = await call(t, { method: 'GET', url: '/api/v1/users', cookie });
    expect(listed.statusCode).toBe(403);
    expect(listed.json().code).toBe('MFA_ENROLMENT_REQUIRED');
    expect((await call(t, { method: 'GET', url: '/api/v1/mfa', cookie })).statusCode).toBe(200);
  });

  it('refuses unknown and expired tickets, and limits wrong codes', async () => {
    const { admin, providerId, secret } = await mfaUser();
    expect((await complete({ ticket: 'made-up', code: '123456' })).json().code).toBe('SSO_FAILED');
    expect((await complete({ ticket: '', code: '123456' })).statusCode).toBe(400);

    const expired = await ticketFor(providerId);
    await t.database.system((tx) =>
      tx
        .update(oauthStates)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oauthStates.purpose, 'sso-mfa')),
    );
    expect((await complete({ ticket: expired, code: currentCode(secret) })).json().code).toBe('SSO_FAILED');

    const ticket = await ticketFor(providerId);
    const wrong = currentCode(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await complete({ ticket, code: wrong })).json().code).toBe('INVALID_TOTP');
    const limited = await complete({ ticket, code: currentCode(secret) });
    expect(limited.statusCode).toBe(429);
    const failures = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'failed-sign-in')),
    );
    expect(failures).toHaveLength(5);
  });

  it('refuses the TOTP step of a user disabled meanwhile', async () => {
    const { admin, providerId, secret } = await mfaUser();
    const ticket = await ticketFor(providerId);
    await t.database.tenant(admin.tenantId, (tx) =>
      tx.update(users).set({ status: 'Disabled' }).where(eq(users.id, admin.userId)),
    );
    const res = await complete({ ticket, code: currentCode(secret) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DISABLED');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('logs no client secret, ticket, code or state', async () => {
    const { providerId, secret } = await mfaUser();
    const started = await get(ssoStartPath(providerId));
    const state = new URL(String(started.headers.location)).searchParams.get('state')!;
    const back = await signInAtProvider(idp, String(started.headers.location), 'ada-1');
    const code = new URL(back, 'https://x.example').searchParams.get('code')!;
    const landing = await get(back, ssoCookieFrom(started));
    const ticket = new URL(String(landing.headers.location), 'https://x.example').searchParams.get(
      'ssoTicket',
    )!;
    const totp = currentCode(secret);
    expect((await complete({ ticket, code: totp })).statusCode).toBe(200);
    expect(log.text()).toContain('/api/v1/sso/callback');
    for (const value of [IDP_SECRET, state, code, ticket, `"code":"${totp}"`])
      expect(log.text()).not.toContain(value);
  });
});
