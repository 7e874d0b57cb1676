import { randomUUID } from 'node:crypto';
import { CODE_REFUSALS, REFUSALS, userEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, lastMailTo, type TestUser, useTestApp } from '../../../test/app.js';
import { auditTrailOf } from '../../../test/audit-trail.js';
import { oidcModels, oneTimeTokens } from '../../db/schema/index.js';
import { createOneTimeTokens } from '../../platform/one-time-tokens/one-time-tokens.service.js';
import { createApiToken, withToken } from '../api-tokens/api-tokens.test-helpers.js';
import { maskEmail } from './email-change.mail.js';
import {
  addressOf,
  anonymousCalls,
  mailsTo,
  secretsMailedTo,
  tenantsListedTo,
} from './email-change.test-helpers.js';

const PASSWORD = 'Old-secret-42!';
const NEW_PASSWORD = 'New-secret-43!';

describe('a change of e-mail address', () => {
  const t = useTestApp();
  const api = apiCaller(t);
  const anyone = anonymousCalls(t);
  const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@corp.example`;

  /** An administrator and a member of their tenant, both signed in, the member's address proven. */
  async function tenantWithMember() {
    const admin = await createTenantWithUser(t, { password: PASSWORD, email: address('admin') });
    const member = await createTenantWithUser(t, {
      inTenant: admin.tenantId,
      isAdmin: false,
      password: PASSWORD,
      email: address('member'),
      emailVerified: true,
    });
    return { admin, member };
  }

  const changeAddress = (admin: TestUser, member: TestUser, email: string) =>
    api.call(admin, userEndpoints.update, { params: { id: member.userId }, body: { email } });
  const sessionOf = (user: TestUser) =>
    call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: user.cookie });
  const auditOf = (tenantId: string, action: string) => auditTrailOf(t.database, tenantId, { action });

  it('tells the old address, mails a proof link to the new one, ends sessions and app tokens, audits', async () => {
    const { admin, member } = await tenantWithMember();
    const accountId = `${admin.tenantId}:${member.userId}`;
    await t.database.system((tx) =>
      tx.insert(oidcModels).values({ model: 'AccessToken', key: randomUUID(), payload: {}, accountId }),
    );
    const newEmail = address('new');

    const changed = await changeAddress(admin, member, newEmail);
    expect(changed.result().email).toBe(newEmail);

    const notice = await lastMailTo(t, member.email);
    expect(notice.subject).toBe('The email address of your Skyvault account was changed');
    expect(notice.text).toMatch(/The administrator Test User \d+ changed the email address of your account/);
    expect(notice.text).toContain(maskEmail(newEmail));
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).toMatch(/on \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    expect(notice.text).toContain('If you did not expect this change, tell an administrator');
    const proof = await lastMailTo(t, newEmail);
    expect(proof.subject).toBe('Confirm your new Skyvault email address');
    expect((await secretsMailedTo(t, newEmail)).proofTokens).toHaveLength(1);

    expect((await sessionOf(member)).statusCode).toBe(401);
    expect((await sessionOf(admin)).statusCode).toBe(200);
    const appRows = await t.database.system((tx) =>
      tx.select().from(oidcModels).where(eq(oidcModels.accountId, accountId)),
    );
    expect(appRows).toEqual([]);
    expect(await addressOf(t, admin.tenantId, member.userId)).toMatchObject({
      email: newEmail,
      verifiedAt: null,
      unprovenSince: expect.any(Date),
    });
    const [event] = await auditOf(admin.tenantId, 'change-email');
    expect(event).toMatchObject({
      actorId: admin.userId,
      targetId: member.userId,
      changes: {
        email: { before: member.email, after: newEmail },
        emailProven: { before: true, after: false },
      },
    });
  });

  it('sends no password link or login code to the new address until its link proves it', async () => {
    const { admin, member } = await tenantWithMember();
    // A reset link mailed to the old address before the change.
    expect((await anyone.forgot(admin.tenantName, member.email)).statusCode).toBe(204);
    const [earlier] = (await secretsMailedTo(t, member.email)).resetCodes;
    const newEmail = address('held');
    expect((await changeAddress(admin, member, newEmail)).statusCode).toBe(200);

    expect((await anyone.reset(earlier!, NEW_PASSWORD)).refusal().code).toBe('INVALID_CODE');
    expect((await anyone.forgot(admin.tenantName, newEmail)).statusCode).toBe(204);
    expect((await anyone.requestCode(newEmail)).statusCode).toBe(204);
    const reset = await api.send(admin, 'POST', `/api/v1/users/password/${member.userId}/reset`, {});
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toMatchObject({ code: 'CONFLICT', message: REFUSALS.user.resetEmailUnproven });
    const held = await secretsMailedTo(t, newEmail);
    expect(held.resetCodes).toEqual([]);
    expect(await tenantsListedTo(t, newEmail)).toEqual([]);
    // The request to the old address, before the change, succeeded; the one to the new address is last.
    const refused = (await auditOf(admin.tenantId, 'request-password-reset')).at(-1);
    expect(refused).toMatchObject({ outcome: 'failure', targetId: member.userId });

    const proven = await anyone.prove(held.proofTokens[0]!);
    expect(proven.result()).toEqual({ tenantName: admin.tenantName, email: newEmail });
    expect((await anyone.prove(held.proofTokens[0]!)).refusal().message).toBe(
      CODE_REFUSALS.emailProofLink.used,
    );
    expect(await addressOf(t, admin.tenantId, member.userId)).toMatchObject({
      verifiedAt: expect.any(Date),
      unprovenSince: null,
    });
    const [event] = await auditOf(admin.tenantId, 'prove-email');
    expect(event).toMatchObject({ actorId: member.userId, targetId: member.userId });

    // Proven: today's rules again.
    expect((await anyone.forgot(admin.tenantName, newEmail)).statusCode).toBe(204);
    expect((await anyone.requestCode(newEmail)).statusCode).toBe(204);
    const after = await secretsMailedTo(t, newEmail);
    expect(after.resetCodes).toHaveLength(1);
    expect(await tenantsListedTo(t, newEmail)).toEqual([{ id: admin.tenantId, name: admin.tenantName }]);
    expect((await anyone.reset(after.resetCodes[0]!, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await anyone.login(admin.tenantName, newEmail, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('names the API token that changed it, and holds the address the same way', async () => {
    const { admin, member } = await tenantWithMember();
    const token = await createApiToken(t, admin, { scope: 'admin', name: 'Directory sync' });
    const newEmail = address('by-token');
    const res = await withToken(t, token.token, {
      method: 'PATCH',
      url: `/api/v1/users/${member.userId}`,
      payload: { email: newEmail },
    });
    expect(res.statusCode).toBe(200);
    expect((await lastMailTo(t, member.email)).text).toContain(
      'The API token "Directory sync" changed the email address of your account',
    );
    expect((await sessionOf(member)).statusCode).toBe(401);
    await anyone.forgot(admin.tenantName, newEmail);
    expect((await secretsMailedTo(t, newEmail)).resetCodes).toEqual([]);
  });

  it('keeps the session of an administrator who changes their own address, and tells their old one', async () => {
    const admin = await createTenantWithUser(t, { password: PASSWORD, email: address('self') });
    const newEmail = address('self-new');
    expect((await changeAddress(admin, admin, newEmail)).statusCode).toBe(200);
    expect((await sessionOf(admin)).statusCode).toBe(200);
    expect((await lastMailTo(t, admin.email)).subject).toBe(
      'The email address of your Skyvault account was changed',
    );
    expect((await secretsMailedTo(t, newEmail)).proofTokens).toHaveLength(1);
  });

  it('voids the first proof link at a second change, and tells only the standing address', async () => {
    const { admin, member } = await tenantWithMember();
    const typo = address('typo');
    const corrected = address('corrected');
    await changeAddress(admin, member, typo);
    const [first] = (await secretsMailedTo(t, typo)).proofTokens;
    await changeAddress(admin, member, corrected);

    expect((await anyone.prove(first!)).refusal().message).toBe(CODE_REFUSALS.emailProofLink.used);
    // The typo was never the user's: it hears nothing of the corrected address.
    expect((await mailsTo(t, typo)).map((mail) => mail.subject)).toEqual([
      'Confirm your new Skyvault email address',
    ]);
    const [second] = (await secretsMailedTo(t, corrected)).proofTokens;
    expect((await anyone.prove(second!)).statusCode).toBe(200);
  });

  it('keeps the proof link and the password links apart', async () => {
    const { admin, member } = await tenantWithMember();
    const newEmail = address('apart');
    await changeAddress(admin, member, newEmail);
    const [token] = (await secretsMailedTo(t, newEmail)).proofTokens;
    expect((await anyone.reset(token!, NEW_PASSWORD)).refusal().code).toBe('INVALID_CODE');
    expect((await anyone.prove('not-a-token')).refusal().message).toBe(CODE_REFUSALS.emailProofLink.invalid);
    expect((await addressOf(t, admin.tenantId, member.userId)).unprovenSince).not.toBeNull();
  });

  it('refuses a password link that slipped past the change (issued while it committed)', async () => {
    const { admin, member } = await tenantWithMember();
    await changeAddress(admin, member, address('raced'));
    // As if a "forgot password" had issued its link in the instant the change committed.
    const owner = { tenantId: admin.tenantId, userId: member.userId };
    const code = await t.database.tenant(admin.tenantId, (tx) =>
      createOneTimeTokens(t.database).issue(tx, owner, 'reset-password', 3600),
    );
    expect((await anyone.reset(code, NEW_PASSWORD)).refusal().code).toBe('INVALID_CODE');
    expect(await addressOf(t, admin.tenantId, member.userId)).toMatchObject({
      verifiedAt: null,
      unprovenSince: expect.any(Date),
    });
  });

  it('sends a new proof link for an expired one on request, and nothing for other addresses', async () => {
    const { admin, member } = await tenantWithMember();
    const newEmail = address('expired');
    await changeAddress(admin, member, newEmail);
    const [old] = (await secretsMailedTo(t, newEmail)).proofTokens;
    await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(oneTimeTokens.tenantId, admin.tenantId), eq(oneTimeTokens.userId, member.userId))),
    );
    expect((await anyone.prove(old!)).refusal().message).toBe(CODE_REFUSALS.emailProofLink.expired);

    expect((await anyone.resendProof(newEmail)).statusCode).toBe(204);
    const tokens = (await secretsMailedTo(t, newEmail)).proofTokens;
    expect(tokens).toHaveLength(2);
    expect((await anyone.prove(tokens[1]!)).statusCode).toBe(200);

    // A proven address and an unknown one get the same answer and nothing by mail.
    expect((await anyone.resendProof(newEmail)).statusCode).toBe(204);
    expect((await anyone.resendProof(address('nobody'))).statusCode).toBe(204);
    expect((await secretsMailedTo(t, newEmail)).proofTokens).toHaveLength(2);
  });

  it('holds nothing for an address an administrator sets when creating a user', async () => {
    const admin = await createTenantWithUser(t, { password: PASSWORD });
    const email = address('created');
    const created = await api.call(admin, userEndpoints.create, {
      body: { firstName: 'New', lastName: 'Person', email },
    });
    const id = created.result().id;
    expect((await addressOf(t, admin.tenantId, id)).unprovenSince).toBeNull();
    // The invitation link proves the address, as before.
    const [invitation] = (await secretsMailedTo(t, email)).resetCodes;
    expect((await anyone.reset(invitation!, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await addressOf(t, admin.tenantId, id)).verifiedAt).toEqual(expect.any(Date));
  });
});

describe('maskEmail', () => {
  it.each([
    ['attacker@evil.example', 'a***@e***.example'],
    ['x@mail.corp.example', 'x***@m***.example'],
    ['odd@localhost', 'o***@l***'],
  ])('hides most of %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
