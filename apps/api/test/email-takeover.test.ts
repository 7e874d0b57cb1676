import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApiToken, withToken } from '../src/modules/api-tokens/api-tokens.test-helpers.js';
import { oktaUser, patch, scimFor } from '../src/modules/scim/scim.test-helpers.js';
import {
  addressOf,
  anonymousCalls,
  mailsTo,
  secretsMailedTo,
  tenantsListedTo,
} from '../src/modules/users/email-change.test-helpers.js';
import { call, createTenantWithUser, lastMailTo, signIn, type TestApp, useTestApp } from './app.js';

const ADMIN_PASSWORD = 'Admins-own-pw-1!';
const ATTACKER_PASSWORD = 'Attackers-pw-2!';
const CHANGED_SUBJECT = 'The email address of your Skyvault account was changed';

/**
 * Issue 31, H1: whoever can change a user's address (a `scim` token, an `admin` token, a console
 * administrator) must not be able to sign in as that user by sending a password link or a login code
 * to an address they own. Each case plays the attacker end to end: they know only their own mailbox
 * and the organization's name, and use whatever reaches that mailbox.
 */
describe('taking an account over through its e-mail address', () => {
  const t = useTestApp();
  const anyone = anonymousCalls(t);
  const attackerAddress = () => `mallory-${randomUUID().slice(0, 8)}@attacker.example`;

  /**
   * Everything the attacker can do from their mailbox: ask for a reset link and a login code, open any
   * link that arrives, ask again, and set a password with any reset link. Answers the sessions won.
   */
  async function playAttacker(app: TestApp, tenantName: string, mailbox: string) {
    const won: string[] = [];
    const askForEverything = async () => {
      expect((await anyone.forgot(tenantName, mailbox)).statusCode).toBe(204);
      expect((await anyone.requestCode(mailbox)).statusCode).toBe(204);
    };
    const useResetLinks = async () => {
      for (const code of (await secretsMailedTo(app, mailbox)).resetCodes) {
        if ((await anyone.reset(code, ATTACKER_PASSWORD)).statusCode !== 204) continue;
        const login = await anyone.login(tenantName, mailbox, ATTACKER_PASSWORD);
        if (login.statusCode === 200) won.push(login.json().email);
      }
    };
    await askForEverything();
    const before = await secretsMailedTo(app, mailbox);
    await useResetLinks();
    for (const token of before.proofTokens) await anyone.prove(token);
    await askForEverything();
    await useResetLinks();
    return { won, before, after: await secretsMailedTo(app, mailbox) };
  }

  const sessionAnswers = (cookie: string) =>
    call(t, { method: 'GET', url: '/api/v1/auth/session', cookie }).then((res) => res.statusCode);

  it("a scim token cannot take an administrator's account: no reset link, no code, no session", async () => {
    const admin = await createTenantWithUser(t, {
      password: ADMIN_PASSWORD,
      email: `boss-${randomUUID().slice(0, 8)}@victim.example`,
      emailVerified: true,
    });
    const { scim } = await scimFor(t, admin);
    const mallory = attackerAddress();

    const byPatch = await scim(
      'PATCH',
      `/Users/${admin.userId}`,
      patch({ op: 'Replace', path: 'userName', value: mallory }),
    );
    const byPut = await scim('PUT', `/Users/${admin.userId}`, {
      ...oktaUser(mallory),
      name: { givenName: 'Test', familyName: 'Admin' },
    });
    expect(byPatch.statusCode).toBeGreaterThanOrEqual(400);
    expect(byPut.statusCode).toBeGreaterThanOrEqual(400);

    const { won, before, after } = await playAttacker(t, admin.tenantName, mallory);
    // Before any link is used, nothing that sets a password or lists tenants reached the attacker.
    expect(before.resetCodes).toEqual([]);
    expect(await tenantsListedTo(t, mallory)).toEqual([]);
    expect(after.resetCodes).toEqual([]);
    expect(won).toEqual([]);
    expect((await anyone.login(admin.tenantName, mallory, ATTACKER_PASSWORD)).statusCode).not.toBe(200);
    // The administrator keeps their address and their password.
    expect((await addressOf(t, admin.tenantId, admin.userId)).email).toBe(admin.email);
    expect((await anyone.login(admin.tenantName, admin.email, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it("an admin token's change of a member's address: the old address is told, sessions end, no link until proven", async () => {
    const admin = await createTenantWithUser(t, { password: ADMIN_PASSWORD });
    const member = await createTenantWithUser(t, {
      inTenant: admin.tenantId,
      isAdmin: false,
      password: ADMIN_PASSWORD,
      email: `member-${randomUUID().slice(0, 8)}@victim.example`,
      emailVerified: true,
    });
    const token = await createApiToken(t, admin, { scope: 'admin', name: 'Leaked deploy token' });
    const mallory = attackerAddress();

    const changed = await withToken(t, token.token, {
      method: 'PATCH',
      url: `/api/v1/users/${member.userId}`,
      payload: { email: mallory },
    });
    expect(changed.statusCode).toBe(200);
    const notice = await lastMailTo(t, member.email);
    expect(notice.subject).toBe(CHANGED_SUBJECT);
    expect(notice.text).toContain('The API token "Leaked deploy token" changed the email address');
    expect(await sessionAnswers(member.cookie)).toBe(401);

    // The new address's owner asks for everything: nothing that sets a password or lists tenants.
    expect((await anyone.forgot(admin.tenantName, mallory)).statusCode).toBe(204);
    expect((await anyone.requestCode(mallory)).statusCode).toBe(204);
    const held = await secretsMailedTo(t, mallory);
    expect(held.resetCodes).toEqual([]);
    expect(await tenantsListedTo(t, mallory)).toEqual([]);
    expect(held.proofTokens).toHaveLength(1);
    expect((await anyone.login(admin.tenantName, mallory, ATTACKER_PASSWORD)).statusCode).not.toBe(200);
    expect(await sessionAnswers(member.cookie)).toBe(401);

    // Once the link mailed to the new address is used, the address is proven and a reset link goes
    // there as to any proven address (README, decisions); the old address was told before that.
    expect((await anyone.prove(held.proofTokens[0]!)).statusCode).toBe(200);
    expect((await anyone.forgot(admin.tenantName, mallory)).statusCode).toBe(204);
    expect((await secretsMailedTo(t, mallory)).resetCodes).toHaveLength(1);
  });

  it("a scim token's change of a user it manages: the old address is told, sessions end, no link until proven", async () => {
    const admin = await createTenantWithUser(t, { password: ADMIN_PASSWORD });
    const { scim } = await scimFor(t, admin, 'Okta provisioning');
    const original = `grace-${randomUUID().slice(0, 8)}@victim.example`;
    const created = await scim('POST', '/Users', oktaUser(original));
    expect(created.statusCode).toBe(201);
    const userId = created.json().id as string;
    const cookie = await signIn(t, admin.tenantId, userId);
    const mallory = attackerAddress();

    const res = await scim(
      'PATCH',
      `/Users/${userId}`,
      patch({ op: 'Replace', path: 'userName', value: mallory }),
    );
    expect(res.statusCode).toBe(200);
    expect((await lastMailTo(t, original)).text).toContain(
      'The provisioning (SCIM) token "Okta provisioning" changed the email address',
    );
    expect(await sessionAnswers(cookie)).toBe(401);
    await anyone.forgot(admin.tenantName, mallory);
    await anyone.requestCode(mallory);
    // The proof link, and a login code (every address gets one) that opens no tenant.
    expect((await mailsTo(t, mallory)).map((mail) => mail.subject)).toEqual([
      'Confirm your new Skyvault email address',
      expect.stringMatching(/^Your Skyvault verification code: \d{6}$/),
    ]);
    expect(await tenantsListedTo(t, mallory)).toEqual([]);
  });
});
