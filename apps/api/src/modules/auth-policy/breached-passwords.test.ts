import { MFA_POLICY_MESSAGES, passwordEndpoints, tenantEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  createTenantWithUser,
  createTestApp,
  lastMailTo,
  type TestApp,
  useTestApp,
} from '../../../test/app.js';
import { tenants } from '../../db/schema/index.js';
import { isBreachedPassword, lookupForms } from './breached-passwords.js';

const OLD = 'Old-password1';
const STRONG = 'Ochre-lantern-57!';
const refused = {
  statusCode: 400,
  code: 'VALIDATION_ERROR',
  message:
    'This password appears in a list of passwords exposed in data breaches or is too common. Choose another one.',
};
const codeOf = (text: string) => decodeURIComponent(/change-password\?code=([^\s"&]+)/.exec(text)![1]!);
const signUpBody = (email: string, password: string) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email,
  password,
  confirmPassword: password,
});

describe('the breached and common password list', () => {
  it('looks up the password in lower case, without its symbols, and without its trailing digits', () => {
    expect(lookupForms('Summer-2024!')).toEqual(['summer-2024!', 'summer2024', 'summer']);
    expect(lookupForms('dragon')).toEqual(['dragon']);
    expect(lookupForms('12345678!')).toEqual(['12345678!', '12345678']);
  });

  it.each(['Password1!', 'Summer-2024!', 'Qwerty-123', 'Monkey-12345', 'Iloveyou-1', '12345678!'])(
    'refuses %j',
    async (password) => {
      expect(await isBreachedPassword(password)).toBe(true);
    },
  );

  it.each([STRONG, 'Wheat-harbour-41', 'Old-password1'])('accepts %j', async (password) => {
    expect(await isBreachedPassword(password)).toBe(false);
  });
});

describe('breached passwords refused (BREACHED_PASSWORDS on)', () => {
  const t = useTestApp(() => createTestApp({ PUBLIC_URL: 'https://console.example.com' }));
  const api = apiCaller(t);
  const setTenantPolicy = (tenantId: string, refuse: boolean) =>
    t.database.tenant(tenantId, (tx) =>
      tx.update(tenants).set({ refuseBreachedPasswords: refuse }).where(eq(tenants.id, tenantId)),
    );

  it('at sign-up, on the password field, before any organisation is created', async () => {
    const res = await api.call(null, tenantEndpoints.signUp, {
      body: signUpBody('jane@breached.example', 'Summer-2024!'),
    });
    expect(res.json()).toMatchObject({
      ...refused,
      fields: { password: MFA_POLICY_MESSAGES.passwordBreached },
    });
    const made = await t.database.system((tx) =>
      tx.select().from(tenants).where(eq(tenants.name, 'breached')),
    );
    expect(made).toEqual([]);
    const ok = await api.call(null, tenantEndpoints.signUp, {
      body: signUpBody('jane@breached.example', STRONG),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('at a password change, on the new password field, unless the tenant turned the check off', async () => {
    const u = await createTenantWithUser(t, { password: OLD });
    const change = (newPassword: string) =>
      api.call(u, passwordEndpoints.changeOwnPassword, { body: { oldPassword: OLD, newPassword } });
    expect((await change('Qwerty-123')).json()).toMatchObject({
      ...refused,
      fields: { newPassword: MFA_POLICY_MESSAGES.passwordBreached },
    });
    await setTenantPolicy(u.tenantId, false);
    expect((await change('Qwerty-123')).statusCode).toBe(204);
  });

  it('at a reset, on the password field, leaving the link usable for another password', async () => {
    const u = await createTenantWithUser(t, { password: OLD });
    await api.call(null, passwordEndpoints.forgotPassword, {
      body: { tenantName: u.tenantName, email: u.email },
    });
    const code = codeOf((await lastMailTo(t, u.email)).text);
    const reset = (password: string) =>
      api.call(null, passwordEndpoints.resetPassword, { body: { code, password } });
    expect((await reset('Password1!')).json()).toMatchObject({
      ...refused,
      fields: { password: MFA_POLICY_MESSAGES.passwordBreached },
    });
    expect((await reset(STRONG)).statusCode).toBe(204);
  });
});

describe('breached passwords accepted with BREACHED_PASSWORDS=off', () => {
  const t: TestApp = useTestApp(() => createTestApp({ BREACHED_PASSWORDS: 'off' }));
  const api = apiCaller(t);

  it('whatever the tenant says', async () => {
    const signUp = await api.call(null, tenantEndpoints.signUp, {
      body: signUpBody('jane@switched-off.example', 'Summer-2024!'),
    });
    expect(signUp.statusCode).toBe(201);
    const u = await createTenantWithUser(t, { password: OLD });
    const change = await api.call(u, passwordEndpoints.changeOwnPassword, {
      body: { oldPassword: OLD, newPassword: 'Qwerty-123' },
    });
    expect(change.statusCode).toBe(204);
  });
});
