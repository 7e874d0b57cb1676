import {
  auditEndpoints,
  authEndpoints,
  mfaEndpoints,
  passwordEndpoints,
  SIGN_IN_HISTORY_SIZE,
} from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  cookieFrom,
  createTenantWithUser,
  lastMailTo,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { currentCode } from '../mfa/totp.js';
import { everyEvent } from './audit.test-helpers.js';

const PASSWORD = 'Sign-in-pass1!';
const codeOf = (text: string) => decodeURIComponent(/change-password\?code=([^\s"&]+)/.exec(text)![1]!);

describe('sign-ins in the audit trail', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const login = (u: TestUser, password: string, code?: string) =>
    api.call(null, authEndpoints.login, {
      body: { tenantName: u.tenantName, email: u.email, password, ...(code ? { code } : {}) },
    });
  const signInsOf = (admin: TestUser, id: string) =>
    api.call(admin, auditEndpoints.signIns, { params: { id } });

  it("lists a user's attempts, newest first, with outcome, method and address; sign-outs are events too", async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    expect((await login(u, 'Wrong-pass1!')).statusCode).toBe(401);
    const ok = await login(u, PASSWORD);
    expect(ok.statusCode).toBe(200);
    await api.call({ ...u, cookie: cookieFrom(ok) }, authEndpoints.logout);

    const { signIns } = (await signInsOf(u, u.userId)).result();
    expect(signIns).toEqual([
      {
        id: expect.any(String),
        time: expect.any(String),
        outcome: 'success',
        method: 'password',
        ip: expect.any(String),
        userAgent: 'lightMyRequest',
      },
      {
        id: expect.any(String),
        time: expect.any(String),
        outcome: 'failure',
        method: 'password',
        ip: expect.any(String),
        userAgent: 'lightMyRequest',
      },
    ]);
    const events = await everyEvent(api, u, { actor: u.userId });
    expect(events.map((event) => [event.action, event.outcome, event.resource.name])).toEqual([
      ['sign-out', 'success', u.email],
      ['sign-in', 'success', u.email],
      ['failed-sign-in', 'failure', u.email],
    ]);
  });

  it('records the MFA challenge of a sign-in, accepted (naming the device) or refused', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const created = (await api.call(u, mfaEndpoints.create, { body: { name: 'Work-phone' } })).result();
    const secret = new URL(created.otpPathUrl).searchParams.get('secret')!;
    await api.call(u, mfaEndpoints.verify, {
      params: { id: created.id },
      body: { code: currentCode(secret) },
    });

    expect((await login(u, PASSWORD, '000000')).json().code).toBe('INVALID_TOTP');
    expect((await login(u, PASSWORD, currentCode(secret, Date.now() + 30_000))).statusCode).toBe(200);

    const challenges = await everyEvent(api, u, { action: 'mfa-challenge' });
    expect(challenges.map((event) => [event.outcome, event.method, event.resource])).toEqual([
      ['success', 'password', { type: 'mfa-device', id: created.id, name: 'Work-phone' }],
      ['failure', 'password', { type: 'user', id: u.userId, name: u.email }],
    ]);
    const { signIns } = (await signInsOf(u, u.userId)).result();
    expect(signIns.map((attempt) => attempt.outcome)).toEqual(['success', 'failure']);
  });

  it('records a password reset asked for and completed', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    await api.call(null, passwordEndpoints.forgotPassword, {
      body: { tenantName: u.tenantName, email: u.email },
    });
    const code = codeOf((await lastMailTo(t, u.email)).text);
    await api.call(null, passwordEndpoints.resetPassword, { body: { code, password: 'Newer-pass2!' } });

    // The new password ended u's sessions: another administrator reads.
    const admin = await createTenantWithUser(t, { inTenant: u.tenantId });
    const events = await everyEvent(api, admin, { resourceId: u.userId });
    expect(events.map((event) => event.action)).toEqual([
      'complete-password-reset',
      'request-password-reset',
    ]);
    expect(events[0]).toMatchObject({
      actor: { id: u.userId, email: u.email },
      resource: { type: 'user', name: u.email },
      changes: { password: { before: '[secret]', after: '[secret]' } },
    });
  });

  it(`keeps the last ${SIGN_IN_HISTORY_SIZE}, a connected app's sign-ins among them`, async () => {
    const u = await createTenantWithUser(t);
    await t.database.tenant(u.tenantId, async (tx) => {
      for (let i = 0; i < SIGN_IN_HISTORY_SIZE + 5; i++) {
        await recordAudit(
          tx,
          { ip: `203.0.113.${i}`, requestId: `r${i}` },
          {
            tenantId: u.tenantId,
            actorId: u.userId,
            action: i % 2 ? 'sign-in' : 'authorize',
            method: i % 2 ? 'sso' : 'oauth',
            targetType: i % 2 ? 'user' : 'application',
            targetId: u.userId,
          },
        );
        // Not sign-ins: left out.
        await recordAudit(tx, null, {
          tenantId: u.tenantId,
          actorId: u.userId,
          action: 'update',
          targetType: 'user',
        });
      }
    });
    const { signIns } = (await signInsOf(u, u.userId)).result();
    expect(signIns).toHaveLength(SIGN_IN_HISTORY_SIZE);
    expect(signIns[0]).toMatchObject({ ip: `203.0.113.${SIGN_IN_HISTORY_SIZE + 4}`, method: 'oauth' });
    expect(signIns[1]).toMatchObject({ method: 'sso', outcome: 'success' });
  });

  it('answers 404 for a user of another tenant, or none', async () => {
    const a = await createTenantWithUser(t, { password: PASSWORD });
    await login(a, PASSWORD);
    const b = await createTenantWithUser(t);
    for (const id of [a.userId, '00000000-0000-4000-8000-000000000000']) {
      const res = await signInsOf(b, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'User not found.' });
    }
  });
});
