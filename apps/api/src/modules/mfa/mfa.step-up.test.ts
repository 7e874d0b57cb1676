import { MESSAGES, mfaEndpoints, passwordEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { loadConfig } from '../../config.js';
import { auditEvents } from '../../db/schema/index.js';
import { currentCode } from './totp.js';

const LIMITS = loadConfig({}).limits;

const PASSWORD = 'Step-up-password1';
const secretOf = (otpPathUrl: string) => new URL(otpPathUrl).searchParams.get('secret')!;
/** The confirming code used the current time step; an app shows the next one 30 seconds later. */
const nextCode = (secret: string) => currentCode(secret, Date.now() + 30_000);

type Removal = 'disable' | 'delete' | 'reset';
const REMOVALS: Removal[] = ['disable', 'delete', 'reset'];

describe('MFA device removal asks for a current factor', () => {
  const t = useTestApp();

  const api = apiCaller(t);

  const remove = (u: TestUser, action: Removal, id: string, proof?: object) =>
    action === 'disable'
      ? api.call(u, mfaEndpoints.disable, { params: { id }, body: proof })
      : action === 'delete'
        ? api.call(u, mfaEndpoints.remove, { params: { id }, body: proof })
        : api.call(u, mfaEndpoints.reset, { params: { id }, body: proof });

  /** Adds and confirms a device; a user who has a factor gives `proof` (the step-up) to add another. */
  async function enrolled(u: TestUser, name = 'My-phone', proof: object = {}) {
    const created = await api.call(u, mfaEndpoints.create, { body: { name, ...proof } });
    const { id, otpPathUrl } = created.json();
    const secret = secretOf(otpPathUrl);
    const verified = await api.call(u, mfaEndpoints.verify, {
      params: { id },
      body: { code: currentCode(secret) },
    });
    expect(verified.json().status).toBe('Enable');
    return { id, secret };
  }
  const statusOf = async (u: TestUser, id: string) =>
    (await api.call(u, mfaEndpoints.get, { params: { id } })).json().status;

  it.each(REMOVALS)('refuses to %s an enabled device with the session alone', async (action) => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { id } = await enrolled(u);
    const res = await remove(u, action, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ code: MESSAGES.mfaStepUpRequired });
    expect(await statusOf(u, id)).toBe('Enable');
  });

  it.each(REMOVALS)('does %s an enabled device with a current code from it', async (action) => {
    const u = await createTenantWithUser(t);
    const { id, secret } = await enrolled(u);
    const res = await remove(u, action, id, { code: nextCode(secret) });
    expect(res.statusCode).toBe(action === 'delete' ? 204 : 200);
    const events = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.targetType, 'mfa-device'), eq(auditEvents.targetId, id))),
    );
    expect(events.map((event) => event.action)).toContain(action === 'reset' ? 'regenerate' : action);
  });

  it.each(REMOVALS)('does %s an enabled device with the account password', async (action) => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { id } = await enrolled(u);
    expect((await remove(u, action, id, { password: PASSWORD })).statusCode).toBeLessThan(300);
  });

  it('accepts a code from another enabled device, once only', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const phone = await enrolled(u, 'Phone');
    const tablet = await enrolled(u, 'Tablet', { password: PASSWORD });
    const other = await enrolled(u, 'Spare', { password: PASSWORD });
    const code = nextCode(tablet.secret);
    expect((await remove(u, 'delete', phone.id, { code })).statusCode).toBe(204);
    // The code's time step is used: replaying it removes nothing more.
    const replay = await remove(u, 'delete', other.id, { code });
    expect(replay.json()).toMatchObject({
      code: 'INVALID_TOTP',
      fields: { code: MESSAGES.mfaCodeIncorrect },
    });
    expect(await statusOf(u, other.id)).toBe('Enable');
  });

  it('refuses a wrong code and counts it towards the TOTP limit', async () => {
    const u = await createTenantWithUser(t);
    const { id, secret } = await enrolled(u);
    for (let i = 0; i < LIMITS.totpFailuresPerUser.max; i += 1) {
      const wrong = await remove(u, 'disable', id, { code: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'INVALID_TOTP',
        fields: { code: MESSAGES.mfaCodeIncorrect },
      });
    }
    const limited = await remove(u, 'disable', id, { code: nextCode(secret) });
    expect(limited.statusCode).toBe(429);
    expect(await statusOf(u, id)).toBe('Enable');
  });

  it('refuses a wrong password and counts it on the password-change limit', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { id } = await enrolled(u);
    for (let i = 0; i < LIMITS.passwordChangeFailuresPerUser.max; i += 1) {
      const wrong = await remove(u, 'delete', id, { password: 'Not-the-password1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual({ password: MESSAGES.currentPasswordIncorrect });
    }
    expect((await remove(u, 'delete', id, { password: PASSWORD })).statusCode).toBe(429);
    // The same counter guards the settings menu's Change password.
    const change = await api.call(u, passwordEndpoints.changeOwnPassword, {
      body: {
        oldPassword: PASSWORD,
        newPassword: 'Another-password1',
      },
    });
    expect(change.statusCode).toBe(429);
    expect(await statusOf(u, id)).toBe('Enable');
  });

  it('answers a malformed code or an empty password with the field message', async () => {
    const u = await createTenantWithUser(t);
    const { id } = await enrolled(u);
    expect((await remove(u, 'disable', id, { code: '123' })).json().fields.code).toBe(MESSAGES.mfaCodeLength);
    expect((await remove(u, 'delete', id, { password: '' })).json().fields.password).toBe(
      MESSAGES.currentPasswordRequired,
    );
  });

  it('deletes a device that was never confirmed with the session alone', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    await enrolled(u);
    // Leaving the QR dialog of a new device deletes it; a device never confirmed guards no login.
    const body = { name: 'Abandoned', password: PASSWORD };
    const { id } = (await api.call(u, mfaEndpoints.create, { body })).json();
    expect((await remove(u, 'delete', id)).statusCode).toBe(204);
  });
});
