import { authEndpoints, INVITATION_MESSAGES, passwordEndpoints, userEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { expectAdministratorsOnly } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import {
  createTenantWithUser,
  lastMailTo,
  outbox,
  type TestApp,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { auditTrailOf } from '../../../test/audit-trail.js';
import { createUser } from '../groups/groups.test-helpers.js';

const codeIn = (text: string) => decodeURIComponent(/change-password\?code=(\S+)/.exec(text)![1]!);

describe('invitations', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  async function invite(u: TestUser, email: string) {
    const res = await api.call(u, userEndpoints.create, {
      body: { firstName: 'Ivy', lastName: 'Invited', email },
    });
    return res.result();
  }

  const auditOf = (app: TestApp, tenantId: string, action: string) =>
    auditTrailOf(app.database, tenantId, { action });

  it('shows who invited and until when the link works, while the user has not accepted', async () => {
    const u = await createTenantWithUser(t);
    const before = Date.now();
    const invited = await invite(u, 'ivy@example.com');
    expect(invited.status).toBe('WaitConfirmation');
    expect(invited.invitation).toEqual({
      invitedBy: { id: u.userId, name: expect.stringMatching(/^Test User \d+$/) },
      sentAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const hours = (Date.parse(invited.invitation!.expiresAt) - before) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThan(48.1);
    // A user created with a password was never invited.
    const direct = await createUser(t, u);
    expect((await api.call(u, userEndpoints.get, { params: { id: direct } })).result().invitation).toBeNull();

    // The pending invitations are the users waiting for confirmation.
    const pending = (
      await api.call(u, userEndpoints.list, { query: { status: 'WaitConfirmation' } })
    ).result();
    expect(pending.users.map((user) => user.email)).toEqual(['ivy@example.com']);
    expect(pending.total).toBe(1);
  });

  it('resends: a new link, the old one voided, audited; accepting ends the pending invitation', async () => {
    const u = await createTenantWithUser(t);
    const invited = await invite(u, 'resent@example.com');
    const firstCode = codeIn((await lastMailTo(t, 'resent@example.com')).text);

    const resent = await api.call(u, userEndpoints.resendInvitation, { params: { id: invited.id } });
    expect(resent.statusCode).toBe(200);
    expect(Date.parse(resent.result().invitation!.sentAt)).toBeGreaterThanOrEqual(
      Date.parse(invited.invitation!.sentAt),
    );
    await expect.poll(() => outbox(t).filter((m) => m.to === 'resent@example.com').length).toBe(2);
    const mail = await lastMailTo(t, 'resent@example.com');
    expect(mail.subject).toMatch(/invit/i);
    const secondCode = codeIn(mail.text);
    expect(secondCode).not.toBe(firstCode);

    const [event] = await auditOf(t, u.tenantId, 'resend-invitation');
    expect(event).toMatchObject({ actorId: u.userId, targetType: 'user', targetId: invited.id });

    // The first link no longer sets a password; the new one does, and the user signs in.
    const old = await api.call(null, passwordEndpoints.resetPassword, {
      body: { code: firstCode, password: 'First-pass-123!' },
    });
    expect(old.statusCode).toBe(400);
    const accepted = await api.call(null, passwordEndpoints.resetPassword, {
      body: { code: secondCode, password: 'Second-pass-123!' },
    });
    expect(accepted.statusCode).toBe(204);
    const login = await api.call(null, authEndpoints.login, {
      body: { tenantName: u.tenantName, email: 'resent@example.com', password: 'Second-pass-123!' },
    });
    expect(login.statusCode).toBe(200);

    const user = (await api.call(u, userEndpoints.get, { params: { id: invited.id } })).result();
    expect(user.status).toBe('Confirmed');
    expect(user.invitation).toBeNull();
    expect(user.lastSignInAt).not.toBeNull();
    const again = await api.call(u, userEndpoints.resendInvitation, { params: { id: invited.id } });
    expect(again.statusCode).toBe(409);
    expect(again.refusal().message).toBe(INVITATION_MESSAGES.notPending);
  });

  it('limits how often one user is sent an invitation again', async () => {
    const u = await createTenantWithUser(t);
    const invited = await invite(u, 'flood@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      answers.push(
        (await api.call(u, userEndpoints.resendInvitation, { params: { id: invited.id } })).statusCode,
      );
    }
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5)).toEqual([429, 429]);
  });

  it("answers 404 for another tenant's user and 403 to a user who is no administrator", async () => {
    const u = await createTenantWithUser(t);
    const other = await createTenantWithUser(t);
    const invited = await invite(u, 'mine@example.com');
    const foreign = await api.call(other, userEndpoints.resendInvitation, { params: { id: invited.id } });
    expect(foreign.statusCode).toBe(404);
    expect(await auditOf(t, other.tenantId, 'resend-invitation')).toEqual([]);
    expect(outbox(t).filter((m) => m.to === 'mine@example.com')).toHaveLength(1);

    const member = await createTenantWithUser(t, { inTenant: u.tenantId, isAdmin: false });
    await expectAdministratorsOnly(api, member, [
      ['POST', `/api/v1/users/${invited.id}/invitation`, undefined],
    ]);
  });
});
