import {
  ADMIN_ROLE_MESSAGES,
  authEndpoints,
  passwordEndpoints,
  REFUSALS,
  userEndpoints,
} from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  createTenantWithUser,
  lastMailTo,
  outbox,
  signIn,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { auditEvents } from '../../db/schema/index.js';
import { createUser } from '../groups/groups.test-helpers.js';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Secret-123!' };

/** SPEC.md §5 for the user modal, message by message. */
const CASES: [string, Record<string, unknown>, string, string][] = [
  ['first name missing', { firstName: undefined }, 'firstName', 'First name is required'],
  ['first name blank', { firstName: '  ' }, 'firstName', 'First name is required'],
  ['last name missing', { lastName: undefined }, 'lastName', 'Last name is required'],
  ['last name empty', { lastName: '' }, 'lastName', 'Last name is required'],
  ['e-mail missing', { email: undefined }, 'email', 'Email is required'],
  ['e-mail empty', { email: '' }, 'email', 'Email is required'],
  ['e-mail invalid', { email: 'ada@' }, 'email', 'Email should be valid'],
  ['password short', { password: 'a-1' }, 'password', 'Password should have at least 8 symbols'],
  [
    'password long',
    { password: `${'a'.repeat(64)}-` },
    'password',
    'Password should be less than 64 symbols',
  ],
  ['password plain', { password: 'abcdefgh1' }, 'password', 'Password should have at least 1 special symbol'],
  ['password empty', { password: '' }, 'password', 'Password is required'],
  ['group not an id', { groupId: 'sales' }, 'groupId', 'Invalid identifier'],
];

describe('user rules', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  describe('validation (SPEC.md §5)', () => {
    let u: TestUser;
    let existing: string;
    beforeAll(async () => {
      u = await createTenantWithUser(t);
      existing = await createUser(t, u);
    });

    it.each(CASES)('answers %s with the spec message', async (_, change, field, message) => {
      const res = await api.call(u, userEndpoints.create, { body: { ...valid, ...change } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: message } });
      // An edit checks the fields it is given in the same way (a missing one stays as it is).
      const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      if (Object.keys(given).length > 0) {
        const edit = await api.call(u, userEndpoints.update, { params: { id: existing }, body: given });
        expect(edit.json().fields).toEqual({ [field]: message });
      }
    });

    it('takes only Confirmed or Disabled as a status change', async () => {
      for (const status of ['ForceResetPassword', 'WaitConfirmation', 'Active']) {
        expect((await api.send(u, 'PATCH', `/api/v1/users/${existing}`, { status })).statusCode).toBe(400);
      }
    });
  });

  describe('status', () => {
    it('disabling ends the user’s sessions at once and refuses their login; enabling lets them back', async () => {
      const u = await createTenantWithUser(t);
      const id = await createUser(t, u, { email: 'dis@example.com' });
      const cookie = await signIn(t, u.tenantId, id);
      const session = () => call(t, { method: 'GET', url: '/api/v1/auth/session', cookie });
      expect((await session()).statusCode).toBe(200);

      const disabled = await api.call(u, userEndpoints.update, {
        params: { id },
        body: { status: 'Disabled' },
      });
      expect(disabled.json().status).toBe('Disabled');
      expect((await session()).statusCode).toBe(401);
      const login = () =>
        api.call(null, authEndpoints.login, {
          body: { tenantName: u.tenantName, email: 'dis@example.com', password: 'Secret-123!' },
        });
      expect((await login()).json().code).toBe('ACCOUNT_DISABLED');

      const enabled = await api.call(u, userEndpoints.update, {
        params: { id },
        body: { status: 'Confirmed' },
      });
      expect(enabled.json().status).toBe('Confirmed');
      expect((await login()).statusCode).toBe(200);
      const actions = await t.database.tenant(u.tenantId, (tx) =>
        tx
          .select({ action: auditEvents.action })
          .from(auditEvents)
          .where(eq(auditEvents.targetId, id))
          .orderBy(auditEvents.seq),
      );
      // The refused login of the disabled account is on record too.
      expect(actions.map((a) => a.action)).toEqual([
        'create',
        'disable',
        'failed-sign-in',
        'enable',
        'sign-in',
      ]);
    });

    it('enables only a disabled user; an invited one goes back to waiting for their password', async () => {
      const u = await createTenantWithUser(t);
      const invited = (
        await api.call(u, userEndpoints.create, { body: { ...valid, password: undefined } })
      ).json().id;
      const refused = await api.call(u, userEndpoints.update, {
        params: { id: invited },
        body: { status: 'Confirmed' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(REFUSALS.user.enableOnlyDisabled);
      await api.call(u, userEndpoints.update, { params: { id: invited }, body: { status: 'Disabled' } });
      const back = await api.call(u, userEndpoints.update, {
        params: { id: invited },
        body: { status: 'Confirmed' },
      });
      expect(back.json().status).toBe('WaitConfirmation');
      // An administrator's password confirms them.
      const set = await api.call(u, userEndpoints.update, {
        params: { id: invited },
        body: { password: 'Chosen-pass1' },
      });
      expect(set.json().status).toBe('Confirmed');
    });

    it('reset password: ForceResetPassword, sessions ended, the old password void, a reset link e-mailed that confirms again', async () => {
      const u = await createTenantWithUser(t);
      const id = await createUser(t, u, { email: 'reset@example.com', firstName: 'Rita' });
      const cookie = await signIn(t, u.tenantId, id);
      const res = await api.call(u, userEndpoints.resetPassword, { params: { id } });
      expect(res.statusCode).toBe(204);
      expect((await api.call(u, userEndpoints.get, { params: { id } })).json().status).toBe(
        'ForceResetPassword',
      );
      expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie })).statusCode).toBe(401);
      const audit = await t.database.tenant(u.tenantId, (tx) =>
        tx.select().from(auditEvents).where(eq(auditEvents.action, 'reset-password')),
      );
      expect(audit[0]?.changes).toMatchObject({
        status: { before: 'Confirmed', after: 'ForceResetPassword' },
      });

      const mail = await lastMailTo(t, 'reset@example.com');
      expect(mail.subject).toBe('Your Skyvault password was reset');
      expect(mail.text).toContain('Hello Rita,');
      // Not the self-service reset's words: the old password is gone, not kept.
      expect(mail.text).toContain('Your old password no longer works');
      expect(mail.text).not.toMatch(/stays the same/);
      const login = (password: string) =>
        api.call(null, authEndpoints.login, {
          body: { tenantName: u.tenantName, email: 'reset@example.com', password },
        });
      // The old password signs in nowhere: it is told of the reset and sent to the e-mail, with no
      // code to set a new one (whoever the reset locks out may know it); a wrong one stays wrong.
      const old = await login('Secret-123!');
      expect(old.statusCode).toBe(403);
      expect(old.json()).toEqual(
        expect.objectContaining({
          code: 'ForceResetPasswordException',
          message: REFUSALS.signIn.passwordReset,
        }),
      );
      expect(old.json()).not.toHaveProperty('resetCode');
      expect(old.headers['set-cookie']).toBeUndefined();
      expect((await login('Not-the-old-1!')).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      // A second reset still recognises the password the user knows.
      expect((await api.call(u, userEndpoints.resetPassword, { params: { id } })).statusCode).toBe(204);
      expect((await login('Secret-123!')).json()).toMatchObject({ code: 'ForceResetPasswordException' });
      const newest = await lastMailTo(t, 'reset@example.com');
      const code = decodeURIComponent(/change-password\?code=(\S+)/.exec(newest.text)![1]!);
      const reset = await api.call(null, passwordEndpoints.resetPassword, {
        body: { code, password: 'Brand-new-pass1' },
      });
      expect(reset.statusCode).toBe(204);
      expect((await login('Brand-new-pass1')).statusCode).toBe(200);
      expect((await api.call(u, userEndpoints.get, { params: { id } })).json().status).toBe('Confirmed');
      // The new password leaves nothing of the erased one: it is a wrong password again.
      expect((await login('Secret-123!')).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    });

    it('reset sends an invited user their invitation again, and refuses a disabled user', async () => {
      const u = await createTenantWithUser(t);
      const invited = (
        await api.call(u, userEndpoints.create, {
          body: { ...valid, email: 'again@example.com', password: undefined },
        })
      ).json().id;
      await lastMailTo(t, 'again@example.com');
      expect((await api.call(u, userEndpoints.resetPassword, { params: { id: invited } })).statusCode).toBe(
        204,
      );
      await expect.poll(() => outbox(t).filter((m) => m.to === 'again@example.com').length).toBe(2);
      expect((await api.call(u, userEndpoints.get, { params: { id: invited } })).json().status).toBe(
        'WaitConfirmation',
      );

      const id = await createUser(t, u);
      await api.call(u, userEndpoints.update, { params: { id }, body: { status: 'Disabled' } });
      const refused = await api.call(u, userEndpoints.resetPassword, { params: { id } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(REFUSALS.user.resetDisabled);
    });
  });

  describe('administrators', () => {
    it('keeps the last administrator: no delete, disable or demotion, and no deleting oneself', async () => {
      const u = await createTenantWithUser(t);
      for (const [method, body] of [
        ['PATCH', { isAdmin: false }],
        ['DELETE', undefined],
      ] as const) {
        const res = await api.send(u, method, `/api/v1/users/${u.userId}`, body);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(
          method === 'DELETE' ? REFUSALS.user.deleteSelf : ADMIN_ROLE_MESSAGES.lastOwner,
        );
      }
      const disable = await api.call(u, userEndpoints.update, {
        params: { id: u.userId },
        body: { status: 'Disabled' },
      });
      expect(disable.json().message).toBe(REFUSALS.user.disableSelf);
    });

    it('lets another administrator go while one remains, but not the last one', async () => {
      const u = await createTenantWithUser(t);
      const second = await createUser(t, u, { isAdmin: true });
      const secondUser = { ...u, userId: second, cookie: await signIn(t, u.tenantId, second) };
      // An invited administrator cannot reach the console yet, so does not count.
      await api.call(u, userEndpoints.create, { body: { ...valid, password: undefined, isAdmin: true } });

      expect(
        (await api.call(u, userEndpoints.update, { params: { id: second }, body: { isAdmin: false } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await api.call(u, userEndpoints.update, { params: { id: second }, body: { isAdmin: true } }))
          .statusCode,
      ).toBe(200);
      // The first one demotes themself: allowed, the second remains.
      expect(
        (
          await api.call(u, userEndpoints.update, { params: { id: u.userId }, body: { isAdmin: false } })
        ).json().isAdmin,
      ).toBe(false);
      const last = await api.call(secondUser, userEndpoints.remove, { params: { id: u.userId } });
      expect(last.statusCode).toBe(204);
      const demote = await api.call(secondUser, userEndpoints.update, {
        params: { id: second },
        body: { isAdmin: false },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(
        'This is the last Owner of your organization. Make another user an Owner first.',
      );
    });

    it('counts only administrators who can reach the console', async () => {
      const u = await createTenantWithUser(t);
      const other = await createUser(t, u, { isAdmin: true });
      expect(
        (await api.call(u, userEndpoints.update, { params: { id: other }, body: { status: 'Disabled' } }))
          .statusCode,
      ).toBe(200);
      // A disabled administrator cannot manage the organisation, so u is the last working one.
      const demote = await api.call(u, userEndpoints.update, {
        params: { id: u.userId },
        body: { isAdmin: false },
      });
      expect(demote.json().message).toBe(ADMIN_ROLE_MESSAGES.lastOwner);
      expect((await api.call(u, userEndpoints.remove, { params: { id: other } })).statusCode).toBe(204);
    });
  });
});
