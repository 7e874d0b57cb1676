import { MESSAGES, WARNINGS } from '@skyvault/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cookieFrom,
  createTenantWithUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/app.js';
import { mfaDevices } from '../../db/schema/index.js';
import { currentCode } from './totp.js';

const PASSWORD = 'Mfa-password1';
const secretOf = (otpPathUrl: string) => new URL(otpPathUrl).searchParams.get('secret')!;

describe('MFA devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const api = (u: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    call(t, { method, url, payload, cookie: u.cookie });

  async function enrolled(u: TestUser, name = 'My-phone') {
    const created = await api(u, 'POST', '/api/v1/mfa', { name });
    expect(created.statusCode).toBe(201);
    const { id, otpPathUrl } = created.json();
    const secret = secretOf(otpPathUrl);
    const verified = await api(u, 'POST', `/api/v1/mfa/verify/${id}`, { code: currentCode(secret) });
    expect(verified.json()).toMatchObject({ id, name, status: 'Enable' });
    return { id, secret };
  }

  it('creates a device waiting for confirmation and answers its otpauth URL', async () => {
    const u = await createTenantWithUser(t);
    const res = await api(u, 'POST', '/api/v1/mfa', { name: 'Work-phone' });
    const { id, otpPathUrl } = res.json();
    expect(otpPathUrl).toMatch(/^otpauth:\/\/totp\/Skyvault:.+\?.*secret=[A-Z2-7]+/);
    expect(otpPathUrl).toContain('issuer=Skyvault');
    expect((await api(u, 'GET', `/api/v1/mfa/${id}`)).json()).toMatchObject({
      name: 'Work-phone',
      status: 'WaitConfirmation',
    });
    const list = await api(u, 'GET', '/api/v1/mfa');
    expect(list.json()).toMatchObject({ total: 1, mfa: [{ id, name: 'Work-phone' }] });
    // The secret is sealed at rest.
    const [row] = await t.database.tenant(u.tenantId, (tx) => tx.select().from(mfaDevices));
    expect(row!.secret).not.toContain(secretOf(otpPathUrl));
  });

  it('refuses a wrong confirmation code', async () => {
    const u = await createTenantWithUser(t);
    const { id } = (await api(u, 'POST', '/api/v1/mfa', { name: 'Tablet' })).json();
    const res = await api(u, 'POST', `/api/v1/mfa/verify/${id}`, { code: '000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_TOTP',
      fields: { code: 'The verification code is incorrect.' },
    });
  });

  it('asks for the TOTP at every login, refuses a wrong or replayed one', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { secret } = await enrolled(u);
    const creds = { tenantName: u.tenantName, email: u.email, password: PASSWORD };
    const pre = await call(t, { method: 'POST', url: '/api/v1/auth/pre-login', payload: creds });
    expect(pre.json()).toEqual({ isMfaEnabled: true });

    const missing = await call(t, { method: 'POST', url: '/api/v1/auth/login', payload: creds });
    expect(missing.json()).toMatchObject({ code: 'INVALID_TOTP', fields: { code: MESSAGES.totpRequired } });
    const wrong = await call(t, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { ...creds, code: '123456' },
    });
    expect(wrong.json().code).toBe('INVALID_TOTP');

    // The code that confirmed the device was used; the next time step gives a fresh one.
    const code = currentCode(secret, Date.now() + 30_000);
    const ok = await call(t, { method: 'POST', url: '/api/v1/auth/login', payload: { ...creds, code } });
    expect(ok.statusCode).toBe(200);
    cookieFrom(ok);
    const replay = await call(t, { method: 'POST', url: '/api/v1/auth/login', payload: { ...creds, code } });
    expect(replay.json().code).toBe('INVALID_TOTP');
  });

  it('follows the enable/disable rules with their warnings', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { id } = await enrolled(u);
    const again = await api(u, 'PATCH', `/api/v1/mfa/${id}/enable`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WARNINGS.mfaDeviceAlreadyEnabled);
    const disabled = await api(u, 'PATCH', `/api/v1/mfa/${id}/disable`, { password: PASSWORD });
    expect(disabled.json().status).toBe('Disable');
    expect((await api(u, 'PATCH', `/api/v1/mfa/${id}/disable`)).json().message).toBe(
      WARNINGS.mfaDeviceAlreadyDisabled,
    );
    expect((await api(u, 'PATCH', `/api/v1/mfa/${id}/enable`)).json().status).toBe('Enable');

    const pending = (await api(u, 'POST', '/api/v1/mfa', { name: 'Pending-one' })).json();
    expect((await api(u, 'PATCH', `/api/v1/mfa/${pending.id}/enable`)).statusCode).toBe(409);
  });

  it('renames, refusing the same name and a duplicate', async () => {
    const u = await createTenantWithUser(t);
    const { id } = await enrolled(u, 'First-key');
    await api(u, 'POST', '/api/v1/mfa', { name: 'Second-key' });
    const same = await api(u, 'PATCH', `/api/v1/mfa/${id}`, { name: 'First-key' });
    expect(same.json()).toMatchObject({ statusCode: 400, fields: { name: WARNINGS.mfaDeviceNameSame } });
    const dup = await api(u, 'PATCH', `/api/v1/mfa/${id}`, { name: 'second-key' });
    expect(dup.statusCode).toBe(409);
    expect((await api(u, 'PATCH', `/api/v1/mfa/${id}`, { name: 'Renamed-key' })).json().name).toBe(
      'Renamed-key',
    );
  });

  it('resets a secret (waiting again) and deletes', async () => {
    const u = await createTenantWithUser(t);
    const { id, secret } = await enrolled(u);
    // The confirming code used the current time step; the app shows the next one 30 seconds later.
    const code = currentCode(secret, Date.now() + 30_000);
    const reset = (await api(u, 'POST', `/api/v1/mfa/reset/${id}`, { code })).json();
    expect(secretOf(reset.otpPathUrl)).not.toBe(secret);
    expect((await api(u, 'GET', `/api/v1/mfa/${id}`)).json().status).toBe('WaitConfirmation');
    // No longer enabled, it guards no login: it goes with the session alone.
    expect((await api(u, 'DELETE', `/api/v1/mfa/${id}`)).statusCode).toBe(204);
    expect((await api(u, 'GET', `/api/v1/mfa/${id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's or another tenant's device, 401 without a session", async () => {
    const owner = await createTenantWithUser(t);
    const { id } = await enrolled(owner);
    const other = await createTenantWithUser(t, { password: PASSWORD });
    for (const [method, url] of [
      ['GET', `/api/v1/mfa/${id}`],
      ['PATCH', `/api/v1/mfa/${id}/disable`],
      ['DELETE', `/api/v1/mfa/${id}`],
      ['POST', `/api/v1/mfa/reset/${id}`],
    ] as const) {
      expect((await api(other, method, url)).statusCode).toBe(404);
      // Even with the caller's own proof: the step-up confirms the caller, it opens no one else's device.
      const proof = method === 'GET' ? undefined : { password: PASSWORD };
      expect((await api(other, method, url, proof)).statusCode).toBe(404);
      expect((await call(t, { method, url })).statusCode).toBe(401);
    }
    expect((await api(other, 'GET', '/api/v1/mfa')).json().total).toBe(0);
  });

  it.each([
    ['', MESSAGES.nameRequired],
    ['abc', MESSAGES.mfaNameMinLength],
    ['a'.repeat(65), MESSAGES.mfaNameMaxLength],
    ['<b>bold</b>', MESSAGES.mfaNamePattern],
  ])('answers the name %j with the spec message', async (name, message) => {
    const u = await createTenantWithUser(t);
    expect((await api(u, 'POST', '/api/v1/mfa', { name })).json().fields.name).toBe(message);
  });

  it.each([
    ['', MESSAGES.mfaCodeRequired],
    ['123', MESSAGES.mfaCodeLength],
    ['12345a', MESSAGES.mfaCodeDigits],
  ])('answers the code %j with the spec message', async (code, message) => {
    const u = await createTenantWithUser(t);
    const { id } = (await api(u, 'POST', '/api/v1/mfa', { name: 'Coded' })).json();
    expect((await api(u, 'POST', `/api/v1/mfa/verify/${id}`, { code })).json().fields.code).toBe(message);
  });
});
