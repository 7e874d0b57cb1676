import { authEndpoints, MESSAGES, mfaEndpoints, WARNINGS } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, cookieFrom, createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { mfaDevices } from '../../db/schema/index.js';
import { currentCode } from './totp.js';

const PASSWORD = 'Mfa-password1';
const secretOf = (otpPathUrl: string) => new URL(otpPathUrl).searchParams.get('secret')!;

describe('MFA devices', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  async function enrolled(u: TestUser, name = 'My-phone') {
    const created = await api.call(u, mfaEndpoints.create, { body: { name } });
    expect(created.statusCode).toBe(201);
    const { id, otpPathUrl } = created.json();
    const secret = secretOf(otpPathUrl);
    const verified = await api.call(u, mfaEndpoints.verify, {
      params: { id },
      body: { code: currentCode(secret) },
    });
    expect(verified.json()).toMatchObject({ id, name, status: 'Enable' });
    return { id, secret };
  }

  it('creates a device waiting for confirmation and answers its otpauth URL', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.call(u, mfaEndpoints.create, { body: { name: 'Work-phone' } });
    const { id, otpPathUrl } = res.json();
    expect(otpPathUrl).toMatch(/^otpauth:\/\/totp\/Skyvault:.+\?.*secret=[A-Z2-7]+/);
    expect(otpPathUrl).toContain('issuer=Skyvault');
    expect((await api.call(u, mfaEndpoints.get, { params: { id } })).json()).toMatchObject({
      name: 'Work-phone',
      status: 'WaitConfirmation',
    });
    const list = await api.call(u, mfaEndpoints.list);
    expect(list.json()).toMatchObject({ total: 1, mfa: [{ id, name: 'Work-phone' }] });
    // The secret is sealed at rest.
    const [row] = await t.database.tenant(u.tenantId, (tx) => tx.select().from(mfaDevices));
    expect(row!.secret).not.toContain(secretOf(otpPathUrl));
  });

  it('refuses a wrong confirmation code', async () => {
    const u = await createTenantWithUser(t);
    const { id } = (await api.call(u, mfaEndpoints.create, { body: { name: 'Tablet' } })).json();
    const res = await api.call(u, mfaEndpoints.verify, { params: { id }, body: { code: '000000' } });
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
    const pre = await api.call(null, authEndpoints.preLogin, { body: creds });
    expect(pre.json()).toEqual({ isMfaEnabled: true, totp: true });

    const missing = await api.call(null, authEndpoints.login, { body: creds });
    expect(missing.json()).toMatchObject({ code: 'INVALID_TOTP', fields: { code: MESSAGES.totpRequired } });
    const wrong = await api.call(null, authEndpoints.login, { body: { ...creds, code: '123456' } });
    expect(wrong.json().code).toBe('INVALID_TOTP');

    // The code that confirmed the device was used; the next time step gives a fresh one.
    const code = currentCode(secret, Date.now() + 30_000);
    const ok = await api.call(null, authEndpoints.login, { body: { ...creds, code } });
    expect(ok.statusCode).toBe(200);
    cookieFrom(ok);
    const replay = await api.call(null, authEndpoints.login, { body: { ...creds, code } });
    expect(replay.json().code).toBe('INVALID_TOTP');
  });

  it('follows the enable/disable rules with their warnings', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { id } = await enrolled(u);
    const again = await api.call(u, mfaEndpoints.enable, { params: { id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WARNINGS.mfaDeviceAlreadyEnabled);
    const disabled = await api.call(u, mfaEndpoints.disable, {
      params: { id },
      body: { password: PASSWORD },
    });
    expect(disabled.json().status).toBe('Disable');
    expect((await api.call(u, mfaEndpoints.disable, { params: { id } })).json().message).toBe(
      WARNINGS.mfaDeviceAlreadyDisabled,
    );
    expect((await api.call(u, mfaEndpoints.enable, { params: { id } })).json().status).toBe('Enable');

    const body = { name: 'Pending-one', password: PASSWORD };
    const pending = (await api.call(u, mfaEndpoints.create, { body })).json();
    expect((await api.call(u, mfaEndpoints.enable, { params: { id: pending.id } })).statusCode).toBe(409);
  });

  it('renames, refusing the same name and a duplicate', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { id } = await enrolled(u, 'First-key');
    await api.call(u, mfaEndpoints.create, { body: { name: 'Second-key', password: PASSWORD } });
    const same = await api.call(u, mfaEndpoints.rename, { params: { id }, body: { name: 'First-key' } });
    expect(same.json()).toMatchObject({ statusCode: 400, fields: { name: WARNINGS.mfaDeviceNameSame } });
    const dup = await api.call(u, mfaEndpoints.rename, { params: { id }, body: { name: 'second-key' } });
    expect(dup.statusCode).toBe(409);
    expect(
      (await api.call(u, mfaEndpoints.rename, { params: { id }, body: { name: 'Renamed-key' } })).json().name,
    ).toBe('Renamed-key');
  });

  it('resets a secret (waiting again) and deletes', async () => {
    const u = await createTenantWithUser(t);
    const { id, secret } = await enrolled(u);
    // The confirming code used the current time step; the app shows the next one 30 seconds later.
    const code = currentCode(secret, Date.now() + 30_000);
    const reset = (await api.call(u, mfaEndpoints.reset, { params: { id }, body: { code } })).json();
    expect(secretOf(reset.otpPathUrl)).not.toBe(secret);
    expect((await api.call(u, mfaEndpoints.get, { params: { id } })).json().status).toBe('WaitConfirmation');
    // No longer enabled, it guards no login: it goes with the session alone.
    expect((await api.call(u, mfaEndpoints.remove, { params: { id } })).statusCode).toBe(204);
    expect((await api.call(u, mfaEndpoints.get, { params: { id } })).statusCode).toBe(404);
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
      expect((await api.send(other, method, url)).statusCode).toBe(404);
      // Even with the caller's own proof: the step-up confirms the caller, it opens no one else's device.
      const proof = method === 'GET' ? undefined : { password: PASSWORD };
      expect((await api.send(other, method, url, proof)).statusCode).toBe(404);
      expect((await call(t, { method, url })).statusCode).toBe(401);
    }
    expect((await api.call(other, mfaEndpoints.list)).json().total).toBe(0);
  });

  it.each([
    ['', MESSAGES.nameRequired],
    ['abc', MESSAGES.mfaNameMinLength],
    ['a'.repeat(65), MESSAGES.mfaNameMaxLength],
    ['<b>bold</b>', MESSAGES.mfaNamePattern],
  ])('answers the name %j with the spec message', async (name, message) => {
    const u = await createTenantWithUser(t);
    expect((await api.call(u, mfaEndpoints.create, { body: { name } })).json().fields.name).toBe(message);
  });

  it.each([
    ['', MESSAGES.mfaCodeRequired],
    ['123', MESSAGES.mfaCodeLength],
    ['12345a', MESSAGES.mfaCodeDigits],
  ])('answers the code %j with the spec message', async (code, message) => {
    const u = await createTenantWithUser(t);
    const { id } = (await api.call(u, mfaEndpoints.create, { body: { name: 'Coded' } })).json();
    expect(
      (await api.call(u, mfaEndpoints.verify, { params: { id }, body: { code } })).json().fields.code,
    ).toBe(message);
  });
});
