import { authEndpoints, MFA_POLICY_MESSAGES, mfaEndpoints, userMfaEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdministratorsOnly } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, lastMailTo, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents, mfaDevices, recoveryCodes } from '../../db/schema/index.js';
import { currentCode } from './totp.js';

const PASSWORD = 'Reset-password1';

describe("an administrator's reset of a user's MFA", () => {
  const t = useTestApp();
  const api = apiCaller(t);

  /** A tenant's administrator and a member with an enabled authenticator and their recovery codes. */
  async function enrolledMember() {
    const admin = await createTenantWithUser(t);
    const member = await createTenantWithUser(t, {
      inTenant: admin.tenantId,
      isAdmin: false,
      password: PASSWORD,
    });
    const created = (await api.call(member, mfaEndpoints.create, { body: { name: 'Phone' } })).result();
    const secret = new URL(created.otpPathUrl).searchParams.get('secret')!;
    await api.call(member, mfaEndpoints.verify, {
      params: { id: created.id },
      body: { code: currentCode(secret) },
    });
    return { admin, member: { ...member, tenantName: admin.tenantName } as TestUser };
  }

  it("shows the user's factors as counts and removes all of them, audited and e-mailed", async () => {
    const { admin, member } = await enrolledMember();
    const params = { id: member.userId };
    expect((await api.call(admin, userMfaEndpoints.get, { params })).result()).toEqual({
      totpDevices: 1,
      passkeys: 0,
      recoveryCodesRemaining: 10,
      enrolled: true,
    });

    expect((await api.call(admin, userMfaEndpoints.reset, { params })).statusCode).toBe(204);
    expect((await api.call(admin, userMfaEndpoints.get, { params })).result()).toEqual({
      totpDevices: 0,
      passkeys: 0,
      recoveryCodesRemaining: 0,
      enrolled: false,
    });
    const left = await t.database.tenant(admin.tenantId, async (tx) => [
      ...(await tx.select().from(mfaDevices).where(eq(mfaDevices.userId, member.userId))),
      ...(await tx.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.userId))),
    ]);
    expect(left).toEqual([]);

    const mail = await lastMailTo(t, member.email);
    expect(mail.subject).toBe('Your Skyvault multi-factor authentication was reset');
    const [event] = await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'mfa-reset'), eq(auditEvents.targetId, member.userId))),
    );
    expect(event).toMatchObject({ actorId: admin.userId, targetType: 'user', targetName: member.email });

    // The password alone signs the member in again.
    const login = await api.call(null, authEndpoints.login, {
      body: { tenantName: member.tenantName, email: member.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it("answers 404 for another tenant's user and refuses an administrator's own reset", async () => {
    const { admin, member } = await enrolledMember();
    const stranger = await createTenantWithUser(t);
    for (const endpoint of [userMfaEndpoints.get, userMfaEndpoints.reset]) {
      const res = await api.call(stranger, endpoint, { params: { id: member.userId } });
      expect(res.statusCode).toBe(404);
    }
    const own = await api.call(admin, userMfaEndpoints.reset, { params: { id: admin.userId } });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'CONFLICT', message: MFA_POLICY_MESSAGES.cannotResetOwnMfa });
    // Nothing was removed.
    expect(
      (await api.call(admin, userMfaEndpoints.get, { params: { id: member.userId } })).result(),
    ).toMatchObject({ totpDevices: 1, recoveryCodesRemaining: 10 });
  });

  it('is for administrators only', async () => {
    const { member } = await enrolledMember();
    const url = `/api/v1/users/${member.userId}/mfa`;
    await expectAdministratorsOnly(api, member, [
      ['GET', url, undefined],
      ['DELETE', url, undefined],
    ]);
  });
});
