import {
  MFA_POLICY_MESSAGES,
  signedInSessionEndpoints,
  userEndpoints,
  userMfaEndpoints,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, lastMailTo, outbox, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents } from '../../db/schema/index.js';
import {
  memberWithPasskey as memberWithPasskeyIn,
  passkeySignIn as signInWith,
} from '../passkeys/passkeys.test-helpers.js';

type Removal = 'reset-password' | 'end-sessions';

/**
 * An administrator's Reset password and End all sessions may also remove the user's passkeys
 * (`removePasskeys`): a passkey registered by whoever held the account would otherwise still sign in.
 */
describe("an administrator's reset and End all sessions may remove the user's passkeys", () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const memberWithPasskey = () => memberWithPasskeyIn(t, api);
  const act = (admin: TestUser, how: Removal, id: string, body?: object) =>
    how === 'reset-password'
      ? api.call(admin, userEndpoints.resetPassword, { params: { id }, body })
      : api.call(admin, signedInSessionEndpoints.endAllOfUser, { params: { id }, body });
  const passkeysOf = async (admin: TestUser, member: TestUser) =>
    (await api.call(admin, userMfaEndpoints.get, { params: { id: member.userId } })).result().passkeys;

  it.each<Removal>(['reset-password', 'end-sessions'])(
    'with removePasskeys (%s): removed in the same call, audited, the user e-mailed',
    async (how) => {
      const { admin, member, key } = await memberWithPasskey();
      expect((await act(admin, how, member.userId, { removePasskeys: true })).statusCode).toBe(204);
      expect(await passkeysOf(admin, member)).toBe(0);
      expect((await signInWith(api, key)).json().message).toBe(MFA_POLICY_MESSAGES.passkeyUnknown);
      const events = await t.database.tenant(admin.tenantId, (tx) =>
        tx
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'remove-passkeys'), eq(auditEvents.targetId, member.userId))),
      );
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actorId: admin.userId,
        changes: { count: { before: 1, after: 0 } },
      });
      // Reset password mails its link too: the passkeys' mail is one of the user's.
      await lastMailTo(t, member.email);
      const removed = outbox(t).find(
        (mail) => mail.to === member.email && mail.subject.startsWith('A second factor was removed'),
      );
      expect(removed?.text).toContain('removed your passkey');
    },
  );

  it.each<Removal>(['reset-password', 'end-sessions'])('without it (%s), the passkeys stay', async (how) => {
    const { admin, member } = await memberWithPasskey();
    expect((await act(admin, how, member.userId)).statusCode).toBe(204);
    expect((await act(admin, how, member.userId, { removePasskeys: false })).statusCode).toBe(204);
    // The console sends a JSON null when the option is not ticked.
    const url =
      how === 'reset-password'
        ? `/api/v1/users/password/${member.userId}/reset`
        : `/api/v1/users/${member.userId}/sessions`;
    const method = how === 'reset-password' ? 'POST' : 'DELETE';
    const bare = await call(t, {
      method,
      url,
      payload: 'null',
      headers: { 'content-type': 'application/json' },
      cookie: admin.cookie,
    });
    expect(bare.statusCode).toBe(204);
    expect(await passkeysOf(admin, member)).toBe(1);
  });

  it('counts a passkey-only user as enrolled (isEnableMfa) in the users list and details', async () => {
    const { admin, member } = await memberWithPasskey();
    const one = await api.call(admin, userEndpoints.get, { params: { id: member.userId } });
    expect(one.result().isEnableMfa).toBe(true);
    const list = (await api.call(admin, userEndpoints.list, { query: { limit: 100 } })).result();
    const listed = list.users.find((u) => u.id === member.userId);
    expect(listed?.isEnableMfa).toBe(true);
    expect(list.users.find((u) => u.id === admin.userId)?.isEnableMfa).toBe(false);
  });

  it('refuses an administrator removing their own passkeys this way, and a non-boolean flag', async () => {
    const { admin } = await memberWithPasskey();
    const own = await act(admin, 'end-sessions', admin.userId, { removePasskeys: true });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(MFA_POLICY_MESSAGES.cannotResetOwnMfa);
    const junk = await act(admin, 'end-sessions', admin.userId, { removePasskeys: 'yes' });
    expect(junk.statusCode).toBe(400);
  });
});
