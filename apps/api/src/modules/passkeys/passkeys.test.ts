import { authEndpoints, MFA_POLICY_MESSAGES, passkeyEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, createTestApp, type TestUser, useTestApp } from '../../../test/app.js';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator.js';
import { auditEvents, passkeys, users, webauthnChallenges } from '../../db/schema/index.js';
import { purgeExpiredChallenges } from './challenges.js';

const PASSWORD = 'Passkey-password1';
type Options = { challenge: string };

describe('passkeys', () => {
  const t = useTestApp();
  const api = apiCaller(t);
  const authenticator = (backedUp = false) =>
    new SoftwareAuthenticator('localhost', t.config.publicUrl, backedUp);

  /** A user who has a factor gives the step-up's `proof` to add another. */
  const registrationOptions = async (u: TestUser, proof?: object) =>
    (await api.call(u, passkeyEndpoints.registrationOptions, { body: proof })).result().options as Options;

  async function registered(u: TestUser, name = 'Work-laptop', key = authenticator(), proof?: object) {
    const response = key.register(await registrationOptions(u, proof));
    const res = await api.call(u, passkeyEndpoints.create, { body: { name, response } });
    expect(res.statusCode).toBe(201);
    return { key, created: res.result() };
  }
  const loginOptions = async () =>
    (await api.call(null, passkeyEndpoints.loginOptions)).result().options as Options;

  it('is offered on a host name, with PUBLIC_URL host as relying party id', async () => {
    const res = await api.call(null, passkeyEndpoints.support);
    expect(res.result()).toEqual({ available: true, rpId: 'localhost', reason: null });
  });

  it('registers a passkey: listed with its name, created and never used; the first comes with recovery codes', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { created } = await registered(u);
    expect(created.recoveryCodes).toHaveLength(10);
    expect(created.passkey).toMatchObject({ name: 'Work-laptop', lastUsedAt: null, backedUp: false });
    const list = (await api.call(u, passkeyEndpoints.list)).result();
    expect(list.passkeys).toEqual([created.passkey]);
    const second = await registered(u, 'Phone', authenticator(true), { password: PASSWORD });
    expect(second.created.recoveryCodes).toBeUndefined();
    expect(second.created.passkey.backedUp).toBe(true);
    const events = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetType, 'passkey'), eq(auditEvents.action, 'create'))),
    );
    expect(events).toHaveLength(2);
    // The audit trail names the passkey, never its key.
    expect(events.map((e) => e.targetName).sort()).toEqual(['Phone', 'Work-laptop']);
    const keys = await t.database.tenant(u.tenantId, (tx) => tx.select().from(passkeys));
    for (const key of keys) expect(JSON.stringify(events)).not.toContain(key.publicKey);
  });

  it('excludes the user’s passkeys from new registrations, and refuses a name taken', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { key } = await registered(u);
    const proof = { body: { password: PASSWORD } };
    const options = (await api.call(u, passkeyEndpoints.registrationOptions, proof)).result().options as {
      excludeCredentials: { id: string }[];
      authenticatorSelection: { residentKey: string };
    };
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([key.id]);
    expect(options.authenticatorSelection.residentKey).toBe('required');
    const response = authenticator().register(options as unknown as Options);
    const res = await api.call(u, passkeyEndpoints.create, { body: { name: 'work-LAPTOP', response } });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ name: MFA_POLICY_MESSAGES.passkeyNameTaken });
  });

  it('takes a registration challenge once: a replayed answer is refused', async () => {
    const u = await createTenantWithUser(t);
    const response = authenticator().register(await registrationOptions(u));
    expect(
      (await api.call(u, passkeyEndpoints.create, { body: { name: 'First-key', response } })).statusCode,
    ).toBe(201);
    const replay = await api.call(u, passkeyEndpoints.create, { body: { name: 'Second-key', response } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MFA_POLICY_MESSAGES.passkeyChallengeExpired);
  });

  it('refuses an expired challenge, and another user’s', async () => {
    const u = await createTenantWithUser(t);
    const other = await createTenantWithUser(t);
    const options = await registrationOptions(u);
    const stolen = await api.call(other, passkeyEndpoints.create, {
      body: { name: 'Stolen', response: authenticator().register(options) },
    });
    expect(stolen.json().message).toBe(MFA_POLICY_MESSAGES.passkeyChallengeExpired);
    await t.database.system((tx) =>
      tx
        .update(webauthnChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(webauthnChallenges.challenge, options.challenge)),
    );
    const res = await api.call(u, passkeyEndpoints.create, {
      body: { name: 'Late', response: authenticator().register(options) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MFA_POLICY_MESSAGES.passkeyChallengeExpired);
  });

  it('housekeeping removes the challenges nobody answered in time, and only those', async () => {
    const expired = { challenge: `old-${Date.now()}`, purpose: 'passwordless' as const };
    await t.database.system((tx) =>
      tx.insert(webauthnChallenges).values({ ...expired, expiresAt: new Date(Date.now() - 1000) }),
    );
    const fresh = await loginOptions();
    await purgeExpiredChallenges(t.database);
    const left = await t.database.system((tx) => tx.select().from(webauthnChallenges));
    expect(left.map((c) => c.challenge)).toContain(fresh.challenge);
    expect(left.map((c) => c.challenge)).not.toContain(expired.challenge);
  });

  it('refuses an answer made for another origin', async () => {
    const u = await createTenantWithUser(t);
    const response = authenticator().register(await registrationOptions(u), {
      origin: 'https://evil.example',
    });
    const res = await api.call(u, passkeyEndpoints.create, { body: { name: 'Evil', response } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MFA_POLICY_MESSAGES.passkeyFailed);
    expect((await api.call(u, passkeyEndpoints.list)).result().passkeys).toEqual([]);
  });

  it('renames, and deletes with the password as step-up only', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { created } = await registered(u);
    const params = { id: created.passkey.id };
    const renamed = await api.call(u, passkeyEndpoints.rename, { params, body: { name: 'Desk' } });
    expect(renamed.result().name).toBe('Desk');
    const bare = await api.call(u, passkeyEndpoints.remove, { params, body: {} });
    expect(bare.statusCode).toBe(400);
    const wrong = await api.call(u, passkeyEndpoints.remove, { params, body: { password: 'Wrong-pass1' } });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect((await api.call(u, passkeyEndpoints.list)).result().passkeys).toHaveLength(1);
    const ok = await api.call(u, passkeyEndpoints.remove, { params, body: { password: PASSWORD } });
    expect(ok.statusCode).toBe(204);
    expect((await api.call(u, passkeyEndpoints.list)).result().passkeys).toEqual([]);
  });

  it('answers 404 for another tenant’s passkey', async () => {
    const owner = await createTenantWithUser(t);
    const other = await createTenantWithUser(t, { password: PASSWORD });
    const { created } = await registered(owner);
    const params = { id: created.passkey.id };
    expect(
      (await api.call(other, passkeyEndpoints.rename, { params, body: { name: 'Mine' } })).statusCode,
    ).toBe(404);
    const removal = await api.call(other, passkeyEndpoints.remove, { params, body: { password: PASSWORD } });
    expect(removal.statusCode).toBe(404);
  });

  it('signs in with a passkey alone, once per challenge', async () => {
    const u = await createTenantWithUser(t);
    const { key } = await registered(u);
    const options = await loginOptions();
    const response = key.assert(options);
    const res = await api.call(null, passkeyEndpoints.login, { body: { response } });
    expect(res.result()).toMatchObject({ id: u.userId, email: u.email });
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
    const listed = (await api.call(u, passkeyEndpoints.list)).result().passkeys;
    expect(listed[0]!.lastUsedAt).not.toBeNull();
    const replay = await api.call(null, passkeyEndpoints.login, { body: { response } });
    expect(replay.json().message).toBe(MFA_POLICY_MESSAGES.passkeyChallengeExpired);
    const events = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'sign-in'), eq(auditEvents.method, 'passkey'))),
    );
    expect(events).toHaveLength(1);
  });

  it('refuses a passwordless sign-in without user verification, an unknown passkey, a disabled user', async () => {
    const u = await createTenantWithUser(t);
    const { key } = await registered(u);
    const noUv = await api.call(null, passkeyEndpoints.login, {
      body: { response: key.assert(await loginOptions(), { withoutUv: true }) },
    });
    expect(noUv.statusCode).toBe(401);
    expect(noUv.json().message).toBe(MFA_POLICY_MESSAGES.passkeyFailed);
    const unknown = await api.call(null, passkeyEndpoints.login, {
      body: { response: authenticator().assert(await loginOptions()) },
    });
    expect(unknown.json().message).toBe(MFA_POLICY_MESSAGES.passkeyUnknown);
    await t.database.tenant(u.tenantId, (tx) =>
      tx.update(users).set({ status: 'Disabled' }).where(eq(users.id, u.userId)),
    );
    const disabled = await api.call(null, passkeyEndpoints.login, {
      body: { response: key.assert(await loginOptions()) },
    });
    expect(disabled.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('refuses a counter that went backwards', async () => {
    const u = await createTenantWithUser(t);
    const { key } = await registered(u);
    const first = await api.call(null, passkeyEndpoints.login, {
      body: { response: key.assert(await loginOptions(), { counter: 5 }) },
    });
    expect(first.statusCode).toBe(200);
    const cloned = await api.call(null, passkeyEndpoints.login, {
      body: { response: key.assert(await loginOptions(), { counter: 3 }) },
    });
    expect(cloned.statusCode).toBe(401);
  });

  it('is the second factor after the password', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const { key } = await registered(u);
    const form = { tenantName: u.tenantName, email: u.email, password: PASSWORD };
    const pre = (await api.call(null, authEndpoints.preLogin, { body: form })).result();
    expect(pre.isMfaEnabled).toBe(true);
    const options = pre.passkeyOptions as unknown as Options & { allowCredentials: { id: string }[] };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const wrong = await api.call(null, authEndpoints.login, {
      body: { ...form, passkey: authenticator().assert(options) },
    });
    expect(wrong.json().code).toBe('INVALID_TOTP');
    const again = (await api.call(null, authEndpoints.preLogin, { body: form })).result();
    const res = await api.call(null, authEndpoints.login, {
      body: { ...form, passkey: key.assert(again.passkeyOptions as unknown as Options) },
    });
    expect(res.result()).toMatchObject({ id: u.userId });
    const challenges = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'mfa-challenge'), eq(auditEvents.targetType, 'passkey'))),
    );
    expect(challenges.map((e) => e.outcome).sort()).toEqual(['success']);
  });
});

describe('passkeys on an IP address', () => {
  const t = useTestApp(() => createTestApp({ PUBLIC_URL: 'http://127.0.0.1:8080' }));
  const api = apiCaller(t);

  it('are unavailable, and every passkey call says why', async () => {
    const support = (await api.call(null, passkeyEndpoints.support)).result();
    expect(support).toEqual({
      available: false,
      rpId: null,
      reason: MFA_POLICY_MESSAGES.passkeysUnavailableIp,
    });
    const u = await createTenantWithUser(t);
    const options = await api.call(u, passkeyEndpoints.registrationOptions);
    expect(options.statusCode).toBe(400);
    expect(options.json().message).toBe(MFA_POLICY_MESSAGES.passkeysUnavailableIp);
    const login = await api.call(null, passkeyEndpoints.loginOptions);
    expect(login.json().message).toBe(MFA_POLICY_MESSAGES.passkeysUnavailableIp);
  });
});
