import { authPolicyEndpoints, MFA_POLICY_MESSAGES } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdministratorsOnly } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { auditEvents } from '../../db/schema/index.js';
import { enforcedAtAfter, enrolmentDue } from './enrolment.js';

const DAY = 86_400_000;

describe('the enrolment rule', () => {
  const now = Date.parse('2026-06-10T12:00:00Z');
  const state = {
    policy: 'everyone' as const,
    graceDays: 7,
    enforcedAt: new Date(now - 2 * DAY),
    userCreatedAt: new Date(now - 100 * DAY),
    isAdmin: false,
    hasFactor: false,
  };

  it('counts the grace period from the requirement or the user, whichever is later', () => {
    expect(enrolmentDue(state, now)).toEqual({ restricted: false, graceDaysLeft: 5 });
    expect(enrolmentDue({ ...state, userCreatedAt: new Date(now - DAY / 2) }, now)).toEqual({
      restricted: false,
      graceDaysLeft: 7,
    });
    expect(enrolmentDue({ ...state, enforcedAt: new Date(now - 8 * DAY) }, now)).toEqual({
      restricted: true,
      graceDaysLeft: 0,
    });
    expect(enrolmentDue({ ...state, graceDays: 0 }, now)).toEqual({ restricted: true, graceDaysLeft: 0 });
  });

  it('asks nothing of a user with a factor, or one the policy does not cover', () => {
    expect(enrolmentDue({ ...state, hasFactor: true }, now)).toBeNull();
    expect(enrolmentDue({ ...state, policy: 'off' }, now)).toBeNull();
    expect(enrolmentDue({ ...state, policy: 'administrators' }, now)).toBeNull();
    expect(enrolmentDue({ ...state, policy: 'administrators', isAdmin: true }, now)).not.toBeNull();
  });

  it('starts the requirement anew when it turns on or widens, keeps it otherwise', () => {
    const then = new Date(now - DAY);
    const at = new Date(now);
    expect(enforcedAtAfter('off', 'administrators', null, at)).toBe(at);
    expect(enforcedAtAfter('administrators', 'everyone', then, at)).toBe(at);
    expect(enforcedAtAfter('everyone', 'everyone', then, at)).toBe(then);
    expect(enforcedAtAfter('everyone', 'administrators', then, at)).toBe(then);
    expect(enforcedAtAfter('everyone', 'off', then, at)).toBeNull();
  });
});

describe('GET/PATCH /v1/auth-policy', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  it('answers the defaults: MFA off, breached passwords refused, unusual sign-ins mailed to the user', async () => {
    const admin = await createTenantWithUser(t);
    expect((await api.call(admin, authPolicyEndpoints.get)).result()).toEqual({
      mfaPolicy: 'off',
      mfaGraceDays: 0,
      mfaEnforcedAt: null,
      refuseBreachedPasswords: true,
      notifyUnusualSignIns: true,
      notifySecurityAdmins: false,
      unusualSignInSecondFactor: false,
    });
  });

  it('changes the policy, sets when the requirement began, and audits the change', async () => {
    const admin = await createTenantWithUser(t);
    const on = (
      await api.call(admin, authPolicyEndpoints.update, {
        body: { mfaPolicy: 'administrators', mfaGraceDays: 7 },
      })
    ).result();
    expect(on).toMatchObject({ mfaPolicy: 'administrators', mfaGraceDays: 7 });
    expect(Date.now() - Date.parse(on.mfaEnforcedAt!)).toBeLessThan(60_000);

    const graceOnly = (
      await api.call(admin, authPolicyEndpoints.update, { body: { mfaGraceDays: 3 } })
    ).result();
    expect(graceOnly).toMatchObject({ mfaGraceDays: 3, mfaEnforcedAt: on.mfaEnforcedAt });

    const wider = (
      await api.call(admin, authPolicyEndpoints.update, { body: { mfaPolicy: 'everyone' } })
    ).result();
    expect(Date.parse(wider.mfaEnforcedAt!)).toBeGreaterThan(Date.parse(on.mfaEnforcedAt!));

    const off = (await api.call(admin, authPolicyEndpoints.update, { body: { mfaPolicy: 'off' } })).result();
    expect(off).toMatchObject({ mfaPolicy: 'off', mfaEnforcedAt: null });
    expect((await api.call(admin, authPolicyEndpoints.get)).result()).toEqual(off);

    const events = await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetType, 'auth-policy'), eq(auditEvents.action, 'update'))),
    );
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.actorId)).toEqual(Array(4).fill(admin.userId));
  });

  it.each([
    [-1, MFA_POLICY_MESSAGES.graceDaysRange],
    [31, MFA_POLICY_MESSAGES.graceDaysRange],
    [1.5, MFA_POLICY_MESSAGES.graceDaysRange],
    ['x', MFA_POLICY_MESSAGES.graceDaysRange],
  ])('refuses a grace period of %j', async (mfaGraceDays, message) => {
    const admin = await createTenantWithUser(t);
    const res = await api.send(admin, 'PATCH', '/api/v1/auth-policy', { mfaGraceDays });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { mfaGraceDays: message } });
  });

  it('refuses an unknown policy', async () => {
    const admin = await createTenantWithUser(t);
    const res = await api.send(admin, 'PATCH', '/api/v1/auth-policy', { mfaPolicy: 'sometimes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { mfaPolicy: expect.any(String) } });
  });

  it('is for administrators only', async () => {
    const admin = await createTenantWithUser(t);
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    await expectAdministratorsOnly(api, member, [
      ['GET', '/api/v1/auth-policy', undefined],
      ['PATCH', '/api/v1/auth-policy', { mfaPolicy: 'everyone' }],
    ]);
  });
});
