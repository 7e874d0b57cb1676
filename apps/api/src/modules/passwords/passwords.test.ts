import { authEndpoints, MESSAGES, passwordEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  cookieFrom,
  createTenantWithUser,
  createTestApp,
  lastMailTo,
  outbox,
  useTestApp,
} from '../../../test/app.js';
import { createOneTimeTokens } from '../../platform/one-time-tokens/one-time-tokens.service.js';

const OLD = 'Old-password1';
const NEW = 'Newer-secret2';
const codeOf = (text: string) => decodeURIComponent(/change-password\?code=([^\s"&]+)/.exec(text)![1]!);

describe('passwords', () => {
  const t = useTestApp(() => createTestApp({ PUBLIC_URL: 'https://console.example.com' }));
  const api = apiCaller(t);

  const login = (u: { tenantName: string; email: string }, password: string) =>
    api.call(null, authEndpoints.login, { body: { tenantName: u.tenantName, email: u.email, password } });
  const forgot = (u: { tenantName: string; email: string }) =>
    api.call(null, passwordEndpoints.forgotPassword, { body: { tenantName: u.tenantName, email: u.email } });

  it('forgot password → e-mailed link → new password; the old one and old sessions stop working', async () => {
    const u = await createTenantWithUser(t, { password: OLD });
    const session = cookieFrom(await login(u, OLD));
    expect((await forgot(u)).statusCode).toBe(204);
    const mail = await lastMailTo(t, u.email);
    expect(mail.subject).toBe('Reset your Skyvault password');
    expect(mail.text).toContain('https://console.example.com/auth/change-password?code=');
    const code = codeOf(mail.text);

    const details = await api.call(null, passwordEndpoints.resetCodeDetails, {
      params: { code: encodeURIComponent(code) },
    });
    expect(details.json()).toEqual({ email: u.email });

    const reset = await api.call(null, passwordEndpoints.resetPassword, { body: { code, password: NEW } });
    expect(reset.statusCode).toBe(204);
    expect((await login(u, OLD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await login(u, NEW)).statusCode).toBe(200);
    expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: session })).statusCode).toBe(
      401,
    );

    const reused = await api.call(null, passwordEndpoints.resetPassword, {
      body: { code, password: 'Other-pass3' },
    });
    expect(reused.json()).toMatchObject({
      code: 'INVALID_CODE',
      message: 'This password reset link has already been used. Please ask for a new one.',
    });
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const res = await forgot({ tenantName: 'no-such-org', email: 'ghost@example.com' });
    expect(res.statusCode).toBe(204);
    expect(outbox(t).some((m) => m.to === 'ghost@example.com')).toBe(false);
  });

  it('refuses an unknown or expired code', async () => {
    const unknown = await api.send(null, 'GET', '/api/v1/auth/change-password/not-a-code');
    expect(unknown.json()).toMatchObject({ statusCode: 400, code: 'INVALID_CODE' });
    const u = await createTenantWithUser(t, { password: OLD });
    await forgot(u);
    const code = codeOf((await lastMailTo(t, u.email)).text);
    const { oneTimeTokens } = await import('../../db/schema/index.js');
    await t.database.system((tx) => tx.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1) }));
    const res = await api.call(null, passwordEndpoints.resetCodeDetails, { params: { code } });
    expect(res.json().message).toBe('This password reset link has expired. Please ask for a new one.');
  });

  it.each([
    ['short1!', MESSAGES.passwordMinLength],
    ['12345678!', MESSAGES.passwordLetter],
    ['abcdefgh!', MESSAGES.passwordDigit],
    ['abcdefgh1', MESSAGES.passwordSpecial],
  ])('holds a new password %j to the full rules', async (password, message) => {
    const res = await api.call(null, passwordEndpoints.resetPassword, { body: { code: 'x', password } });
    expect(res.json().fields.password).toBe(message);
  });

  it("still takes a reset code a login answered before an administrator's reset erased the old password", async () => {
    const u = await createTenantWithUser(t, { password: OLD });
    const owner = { tenantId: u.tenantId, userId: u.userId };
    const code = await t.database.tenant(u.tenantId, (tx) =>
      createOneTimeTokens(t.database).issue(tx, owner, 'forced-reset', 3600),
    );
    const reset = await api.call(null, passwordEndpoints.resetPassword, { body: { code, password: NEW } });
    expect(reset.statusCode).toBe(204);
    expect((await login(u, NEW)).statusCode).toBe(200);
  });

  it('limits reset e-mails per account', async () => {
    const u = await createTenantWithUser(t, { password: OLD });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgot(u)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429]);
  });

  describe('POST /api/v1/users/password (change own password)', () => {
    it('checks the current password, then ends every other session but this one', async () => {
      const u = await createTenantWithUser(t, { password: OLD });
      const here = cookieFrom(await login(u, OLD));
      const elsewhere = cookieFrom(await login(u, OLD));
      const wrong = await call(t, {
        method: 'POST',
        url: '/api/v1/users/password',
        payload: { oldPassword: 'Nope-nope1', newPassword: NEW },
        cookie: here,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual({ oldPassword: 'Current password is incorrect' });

      const ok = await call(t, {
        method: 'POST',
        url: '/api/v1/users/password',
        payload: { oldPassword: OLD, newPassword: NEW },
        cookie: here,
      });
      expect(ok.statusCode).toBe(204);
      expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: here })).statusCode).toBe(
        200,
      );
      expect(
        (await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: elsewhere })).statusCode,
      ).toBe(401);
      expect((await login(u, NEW)).statusCode).toBe(200);
    });

    it('applies the simplified rules to the new password and needs a session', async () => {
      const u = await createTenantWithUser(t, { password: OLD });
      const res = await api.call(u, passwordEndpoints.changeOwnPassword, {
        body: { oldPassword: OLD, newPassword: 'abcdefghij' },
      });
      expect(res.json().fields.newPassword).toBe(MESSAGES.passwordSpecial);
      const empty = await api.call(u, passwordEndpoints.changeOwnPassword, {
        body: { oldPassword: '', newPassword: NEW },
      });
      expect(empty.json().fields.oldPassword).toBe(MESSAGES.currentPasswordRequired);
      const anon = await api.call(null, passwordEndpoints.changeOwnPassword, {
        body: { oldPassword: OLD, newPassword: NEW },
      });
      expect(anon.statusCode).toBe(401);
    });
  });
});
