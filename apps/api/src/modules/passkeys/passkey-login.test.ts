import { REFUSALS, userEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { type TestUser, useTestApp } from '../../../test/app.js';
import type { SoftwareAuthenticator } from '../../../test/webauthn-authenticator.js';
import { auditEvents, ipRanges, tenants, users } from '../../db/schema/index.js';
import { insertVerifiedDomain } from '../domains/domains.test-helpers.js';
import { memberWithPasskey as memberWithPasskeyIn, passkeySignIn } from './passkeys.test-helpers.js';

/**
 * A passkey alone signs in only where the password would: the account checks are one function
 * (auth-policy's signInRefusal), so every state a password sign-in refuses is refused here too.
 */
describe('passwordless sign-in honours the account’s state', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const memberWithPasskey = () => memberWithPasskeyIn(t, api);
  const signInWith = (key: SoftwareAuthenticator) => passkeySignIn(api, key);
  const setUser = (u: TestUser, status: 'Disabled' | 'WaitConfirmation' | 'ForceResetPassword') =>
    t.database.tenant(u.tenantId, (tx) => tx.update(users).set({ status }).where(eq(users.id, u.userId)));
  const setTenant = (u: TestUser, status: 'pending' | 'suspended') =>
    t.database.system((tx) => tx.update(tenants).set({ status }).where(eq(tenants.id, u.tenantId)));
  const refusals = (u: TestUser) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'failed-sign-in'),
            eq(auditEvents.method, 'passkey'),
            eq(auditEvents.targetId, u.userId),
          ),
        ),
    );

  it('refuses a user whose administrator reset the password, until a new one is set', async () => {
    const { admin, member, key } = await memberWithPasskey();
    expect((await signInWith(key)).statusCode).toBe(200);
    const reset = await api.call(admin, userEndpoints.resetPassword, { params: { id: member.userId } });
    expect(reset.statusCode).toBe(204);
    const res = await signInWith(key);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'ForceResetPasswordException',
      message: REFUSALS.signIn.passwordReset,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await refusals(member)).toHaveLength(1);
  });

  it.each([
    ['an invited user who has not set a password', 'user', 'WaitConfirmation', 'EMAIL_NOT_VERIFIED'],
    ['a disabled user', 'user', 'Disabled', 'ACCOUNT_DISABLED'],
    ['a sign-up not verified yet', 'tenant', 'pending', 'EMAIL_NOT_VERIFIED'],
    ['a suspended tenant', 'tenant', 'suspended', 'ACCOUNT_DISABLED'],
  ] as const)('refuses %s', async (_, what, status, code) => {
    const { member, key } = await memberWithPasskey();
    if (what === 'user') await setUser(member, status as 'Disabled' | 'WaitConfirmation');
    else await setTenant(member, status as 'pending' | 'suspended');
    const res = await signInWith(key);
    expect(res.json().code).toBe(code);
    expect(await refusals(member)).toHaveLength(1);
  });

  it("refuses an address outside the tenant's network ranges", async () => {
    const { member, key } = await memberWithPasskey();
    // The tests' addresses are in 2001:db8::/32, which this range leaves out.
    await t.database.tenant(member.tenantId, (tx) =>
      tx.insert(ipRanges).values({
        tenantId: member.tenantId,
        name: 'Office',
        startIp: '203.0.113.1',
        endIp: '203.0.113.254',
      }),
    );
    expect((await signInWith(key)).json().code).toBe('IP_NOT_ALLOWED');
  });

  it('counts as the factor the MFA policy asks for: the session is never restricted to enrolment', async () => {
    const { member, key } = await memberWithPasskey();
    // Everyone, no grace period, for a while already: a password sign-in without a factor is restricted.
    const policy = {
      mfaPolicy: 'everyone' as const,
      mfaGraceDays: 0,
      mfaEnforcedAt: new Date(Date.now() - 86_400_000),
    };
    await t.database.system((tx) => tx.update(tenants).set(policy).where(eq(tenants.id, member.tenantId)));
    const res = await signInWith(key);
    expect(res.statusCode).toBe(200);
    expect(res.result().mfaEnrolment).toBeUndefined();
  });

  it("refuses a passkey alone where the user's verified domain enforces single sign-on", async () => {
    const { member, key } = await memberWithPasskey();
    expect((await signInWith(key)).statusCode).toBe(200);
    // The member's address is on example.com: the tenant verifies it and enforces single sign-on.
    await insertVerifiedDomain(t, member.tenantId, member.email.split('@')[1]!, { enforceSso: true });
    const res = await signInWith(key);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SSO_REQUIRED', providers: [] });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await refusals(member)).toHaveLength(1);
  });
});
