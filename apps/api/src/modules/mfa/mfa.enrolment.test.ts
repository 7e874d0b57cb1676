import {
  type AuthPolicyPatch,
  authEndpoints,
  authPolicyEndpoints,
  MESSAGES,
  MFA_POLICY_MESSAGES,
  mfaEndpoints,
  recoveryCodeEndpoints,
  sessionEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  cookieFrom,
  createTenantWithUser,
  lastMailTo,
  outbox,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { auditEvents, recoveryCodes } from '../../db/schema/index.js';
import { currentCode } from './totp.js';

const PASSWORD = 'Enrol-password1';
const CODE_FORMAT = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;
const secretOf = (otpPathUrl: string) => new URL(otpPathUrl).searchParams.get('secret')!;

/** The tenant's MFA policy and its effect on sign-in (issue 17's API tests). */
describe('MFA required by the tenant', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const requireMfa = async (admin: TestUser, body: AuthPolicyPatch) =>
    (await api.call(admin, authPolicyEndpoints.update, { body })).result();
  const login = (u: TestUser, second: { code?: string; recoveryCode?: string } = {}) =>
    api.call(null, authEndpoints.login, {
      body: { tenantName: u.tenantName, email: u.email, password: PASSWORD, ...second },
    });
  const sessionOf = (u: TestUser, res: { headers: Record<string, unknown> }): TestUser => ({
    ...u,
    cookie: cookieFrom(res),
  });
  const events = (tenantId: string, action: string) =>
    t.database.tenant(tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.action, action))),
    );

  /** Adds and confirms an authenticator in the session; answers the verify answer and the secret. */
  async function enrolTotp(session: TestUser) {
    const created = (await api.call(session, mfaEndpoints.create, { body: { name: 'Phone' } })).result();
    const secret = secretOf(created.otpPathUrl);
    const verified = await api.call(session, mfaEndpoints.verify, {
      params: { id: created.id },
      body: { code: currentCode(secret) },
    });
    return { verified: verified.result(), secret };
  }

  it('lets the last administrator sign in only to enrol, then asks for a second factor at every login', async () => {
    // The tenant's only user and administrator: the policy must not lock them out.
    const admin = await createTenantWithUser(t, { password: PASSWORD });
    await requireMfa(admin, { mfaPolicy: 'everyone', mfaGraceDays: 0 });

    const first = await login(admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().mfaEnrolment).toEqual({
      restricted: true,
      graceDaysLeft: 0,
      passkeysAvailable: true,
    });
    const restricted = sessionOf(admin, first);

    // Nothing but enrolment.
    const refused = await api.call(restricted, userEndpoints.list);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'MFA_ENROLMENT_REQUIRED',
      message: MFA_POLICY_MESSAGES.enrolmentRequired,
    });
    expect((await api.call(restricted, authPolicyEndpoints.get)).statusCode).toBe(403);
    expect((await api.call(restricted, sessionEndpoints.session)).result().mfaEnrolment).toMatchObject({
      restricted: true,
    });
    expect((await api.call(restricted, mfaEndpoints.list)).statusCode).toBe(200);

    const { verified } = await enrolTotp(restricted);
    expect(verified.status).toBe('Enable');
    expect(verified.recoveryCodes).toHaveLength(10);
    for (const code of verified.recoveryCodes!) expect(code).toMatch(CODE_FORMAT);
    expect(new Set(verified.recoveryCodes).size).toBe(10);
    // Stored hashed only.
    const stored = await t.database.tenant(admin.tenantId, (tx) => tx.select().from(recoveryCodes));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(verified.recoveryCodes).not.toContain(row.codeHash);

    // The same session is a full one now.
    expect((await api.call(restricted, userEndpoints.list)).statusCode).toBe(200);
    expect((await api.call(restricted, sessionEndpoints.session)).result().mfaEnrolment).toBeUndefined();

    // The next login asks for a code.
    const pre = await api.call(null, authEndpoints.preLogin, {
      body: { tenantName: admin.tenantName, email: admin.email, password: PASSWORD },
    });
    expect(pre.json()).toEqual({ isMfaEnabled: true, totp: true });
    const asked = await login(admin);
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ code: 'INVALID_TOTP', message: MESSAGES.totpRequired });

    // A recovery code signs in once, in any case and without its dash, and never again.
    const [code, other] = verified.recoveryCodes!;
    const withCode = await login(admin, { recoveryCode: code!.replace('-', '').toUpperCase() });
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json().mfaEnrolment).toBeUndefined();
    const full = sessionOf(admin, withCode);
    expect((await api.call(full, userEndpoints.list)).statusCode).toBe(200);
    const again = await login(admin, { recoveryCode: code! });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_TOTP',
      fields: { recoveryCode: MFA_POLICY_MESSAGES.recoveryCodeIncorrect },
    });

    // The sign-in with the code is the user's second, from a browser without the known-browser cookie:
    // its unusual sign-in notice (sign-in-alerts) may come after this one.
    await lastMailTo(t, admin.email);
    const mail = outbox(t)
      .filter((m) => m.to === admin.email && m.subject.startsWith('A recovery code'))
      .at(-1)!;
    expect(mail.subject).toBe('A recovery code was used to sign in to Skyvault');
    expect(mail.text).toContain('9 codes are left');
    expect(mail.text).not.toContain(code!);
    const [used] = await events(admin.tenantId, 'recovery-code-used');
    expect(used).toMatchObject({ actorId: admin.userId, method: 'password', targetType: 'recovery-codes' });
    expect(used!.changes).toEqual({ remaining: { before: 10, after: 9 } });
    const challenges = await events(admin.tenantId, 'mfa-challenge');
    expect(challenges.map((e) => [e.outcome, e.targetType])).toEqual(
      expect.arrayContaining([
        ['success', 'recovery-codes'],
        ['failure', 'user'],
      ]),
    );
    expect((await api.call(full, recoveryCodeEndpoints.status)).result()).toMatchObject({
      remaining: 9,
      total: 10,
    });

    // Regenerating (after the step-up) invalidates the old set.
    const noProof = await api.call(full, recoveryCodeEndpoints.regenerate, { body: {} });
    expect(noProof.statusCode).toBe(400);
    const regenerated = (
      await api.call(full, recoveryCodeEndpoints.regenerate, { body: { password: PASSWORD } })
    ).result();
    expect(regenerated.codes).toHaveLength(10);
    expect((await login(admin, { recoveryCode: other! })).statusCode).toBe(400);
    expect((await api.call(full, recoveryCodeEndpoints.status)).result()).toMatchObject({
      remaining: 10,
      total: 10,
    });
    expect((await login(admin, { recoveryCode: regenerated.codes[0]! })).statusCode).toBe(200);
    const [regeneration] = await events(admin.tenantId, 'regenerate');
    expect(regeneration).toMatchObject({ targetType: 'recovery-codes', actorId: admin.userId });
  });

  it('gives a full session with the days left during the grace period', async () => {
    const admin = await createTenantWithUser(t, { password: PASSWORD });
    await requireMfa(admin, { mfaPolicy: 'everyone', mfaGraceDays: 7 });
    const res = await login(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().mfaEnrolment).toEqual({ restricted: false, graceDaysLeft: 7, passkeysAvailable: true });
    const session = sessionOf(admin, res);
    expect((await api.call(session, userEndpoints.list)).statusCode).toBe(200);
    expect((await api.call(session, sessionEndpoints.session)).result().mfaEnrolment).toEqual({
      restricted: false,
      graceDaysLeft: 7,
      passkeysAvailable: true,
    });
  });

  it('asks administrators only under "required for administrators"', async () => {
    const admin = await createTenantWithUser(t, { password: PASSWORD });
    const member = await createTenantWithUser(t, {
      password: PASSWORD,
      inTenant: admin.tenantId,
      isAdmin: false,
    });
    await requireMfa(admin, { mfaPolicy: 'administrators', mfaGraceDays: 0 });
    const memberLogin = await login({ ...member, tenantName: admin.tenantName });
    expect(memberLogin.statusCode).toBe(200);
    expect(memberLogin.json().mfaEnrolment).toBeUndefined();
    expect((await login(admin)).json().mfaEnrolment).toMatchObject({ restricted: true });
  });

  it('answers nothing about enrolment when the policy is off', async () => {
    const admin = await createTenantWithUser(t, { password: PASSWORD });
    const res = await login(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().mfaEnrolment).toBeUndefined();
    expect(
      (await api.call(sessionOf(admin, res), sessionEndpoints.session)).result().mfaEnrolment,
    ).toBeUndefined();
  });
});
