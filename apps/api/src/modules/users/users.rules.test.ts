import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTenantWithUser,
  createTestApp,
  lastMailTo,
  outbox,
  signIn,
  type TestApp,
  type TestUser,
} from '../../../test/app.js';
import { auditEvents } from '../../db/schema/index.js';
import { apiAs, createUser } from '../groups/groups.test-helpers.js';
import { USER_RULES } from './users.rules.js';

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
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t);
  });
  afterAll(() => t.close());

  describe('validation (SPEC.md §5)', () => {
    let u: TestUser;
    let existing: string;
    beforeAll(async () => {
      u = await createTenantWithUser(t);
      existing = await createUser(t, u);
    });

    it.each(CASES)('answers %s with the spec message', async (_, change, field, message) => {
      const res = await api(u, 'POST', '/api/v1/users', { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: message } });
      // An edit checks the fields it is given in the same way (a missing one stays as it is).
      const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      if (Object.keys(given).length > 0) {
        const edit = await api(u, 'PATCH', `/api/v1/users/${existing}`, given);
        expect(edit.json().fields).toEqual({ [field]: message });
      }
    });

    it('takes only Confirmed or Disabled as a status change', async () => {
      for (const status of ['ForceResetPassword', 'WaitConfirmation', 'Active']) {
        expect((await api(u, 'PATCH', `/api/v1/users/${existing}`, { status })).statusCode).toBe(400);
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

      const disabled = await api(u, 'PATCH', `/api/v1/users/${id}`, { status: 'Disabled' });
      expect(disabled.json().status).toBe('Disabled');
      expect((await session()).statusCode).toBe(401);
      const login = () =>
        call(t, {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { tenantName: u.tenantName, email: 'dis@example.com', password: 'Secret-123!' },
        });
      expect((await login()).json().code).toBe('ACCOUNT_DISABLED');

      const enabled = await api(u, 'PATCH', `/api/v1/users/${id}`, { status: 'Confirmed' });
      expect(enabled.json().status).toBe('Confirmed');
      expect((await login()).statusCode).toBe(200);
      const actions = await t.database.tenant(u.tenantId, (tx) =>
        tx.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, id)),
      );
      expect(actions.map((a) => a.action)).toEqual(['create', 'disable', 'enable', 'sign-in']);
    });

    it('enables only a disabled user; an invited one goes back to waiting for their password', async () => {
      const u = await createTenantWithUser(t);
      const invited = (await api(u, 'POST', '/api/v1/users', { ...valid, password: undefined })).json().id;
      const refused = await api(u, 'PATCH', `/api/v1/users/${invited}`, { status: 'Confirmed' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(USER_RULES.enableOnlyDisabled);
      await api(u, 'PATCH', `/api/v1/users/${invited}`, { status: 'Disabled' });
      const back = await api(u, 'PATCH', `/api/v1/users/${invited}`, { status: 'Confirmed' });
      expect(back.json().status).toBe('WaitConfirmation');
      // An administrator's password confirms them.
      const set = await api(u, 'PATCH', `/api/v1/users/${invited}`, { password: 'Chosen-pass1' });
      expect(set.json().status).toBe('Confirmed');
    });

    it('reset password: ForceResetPassword, sessions ended, the old password void, a reset link e-mailed that confirms again', async () => {
      const u = await createTenantWithUser(t);
      const id = await createUser(t, u, { email: 'reset@example.com', firstName: 'Rita' });
      const cookie = await signIn(t, u.tenantId, id);
      const res = await api(u, 'POST', `/api/v1/users/password/${id}/reset`);
      expect(res.statusCode).toBe(204);
      expect((await api(u, 'GET', `/api/v1/users/${id}`)).json().status).toBe('ForceResetPassword');
      expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie })).statusCode).toBe(401);
      const audit = await t.database.tenant(u.tenantId, (tx) =>
        tx.select().from(auditEvents).where(eq(auditEvents.action, 'reset-password')),
      );
      expect(audit[0]?.changes).toMatchObject({
        status: { before: 'Confirmed', after: 'ForceResetPassword' },
      });

      const mail = await lastMailTo(t, 'reset@example.com');
      expect(mail.subject).toMatch(/Reset your/);
      expect(mail.text).toContain('Hello Rita,');
      const code = decodeURIComponent(/change-password\?code=(\S+)/.exec(mail.text)![1]!);
      const login = (password: string) =>
        call(t, {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { tenantName: u.tenantName, email: 'reset@example.com', password },
        });
      // The old password signs in nowhere: the answer of a wrong one, and no code to set a new one.
      const old = await login('Secret-123!');
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual(expect.objectContaining({ code: 'INVALID_CREDENTIALS' }));
      expect(old.json()).not.toHaveProperty('resetCode');
      const reset = await call(t, {
        method: 'PATCH',
        url: '/api/v1/auth/change-password',
        payload: { code, password: 'Brand-new-1' },
      });
      expect(reset.statusCode).toBe(204);
      expect((await login('Brand-new-1')).statusCode).toBe(200);
      expect((await api(u, 'GET', `/api/v1/users/${id}`)).json().status).toBe('Confirmed');
    });

    it('reset sends an invited user their invitation again, and refuses a disabled user', async () => {
      const u = await createTenantWithUser(t);
      const invited = (
        await api(u, 'POST', '/api/v1/users', { ...valid, email: 'again@example.com', password: undefined })
      ).json().id;
      await lastMailTo(t, 'again@example.com');
      expect((await api(u, 'POST', `/api/v1/users/password/${invited}/reset`)).statusCode).toBe(204);
      await expect.poll(() => outbox(t).filter((m) => m.to === 'again@example.com').length).toBe(2);
      expect((await api(u, 'GET', `/api/v1/users/${invited}`)).json().status).toBe('WaitConfirmation');

      const id = await createUser(t, u);
      await api(u, 'PATCH', `/api/v1/users/${id}`, { status: 'Disabled' });
      const refused = await api(u, 'POST', `/api/v1/users/password/${id}/reset`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(USER_RULES.resetDisabled);
    });
  });

  describe('administrators', () => {
    it('keeps the last administrator: no delete, disable or demotion, and no deleting oneself', async () => {
      const u = await createTenantWithUser(t);
      for (const [method, body] of [
        ['PATCH', { isAdmin: false }],
        ['DELETE', undefined],
      ] as const) {
        const res = await api(u, method, `/api/v1/users/${u.userId}`, body);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(method === 'DELETE' ? USER_RULES.deleteSelf : USER_RULES.lastAdmin);
      }
      const disable = await api(u, 'PATCH', `/api/v1/users/${u.userId}`, { status: 'Disabled' });
      expect(disable.json().message).toBe(USER_RULES.disableSelf);
    });

    it('lets another administrator go while one remains, but not the last one', async () => {
      const u = await createTenantWithUser(t);
      const second = await createUser(t, u, { isAdmin: true });
      const secondUser = { ...u, userId: second, cookie: await signIn(t, u.tenantId, second) };
      // An invited administrator cannot reach the console yet, so does not count.
      await api(u, 'POST', '/api/v1/users', { ...valid, password: undefined, isAdmin: true });

      expect((await api(u, 'PATCH', `/api/v1/users/${second}`, { isAdmin: false })).statusCode).toBe(200);
      expect((await api(u, 'PATCH', `/api/v1/users/${second}`, { isAdmin: true })).statusCode).toBe(200);
      // The first one demotes themself: allowed, the second remains.
      expect((await api(u, 'PATCH', `/api/v1/users/${u.userId}`, { isAdmin: false })).json().isAdmin).toBe(
        false,
      );
      const last = await api(secondUser, 'DELETE', `/api/v1/users/${u.userId}`);
      expect(last.statusCode).toBe(204);
      const demote = await api(secondUser, 'PATCH', `/api/v1/users/${second}`, { isAdmin: false });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(USER_RULES.lastAdmin);
    });

    it('counts only administrators who can reach the console', async () => {
      const u = await createTenantWithUser(t);
      const other = await createUser(t, u, { isAdmin: true });
      expect((await api(u, 'PATCH', `/api/v1/users/${other}`, { status: 'Disabled' })).statusCode).toBe(200);
      // A disabled administrator cannot manage the organisation, so u is the last working one.
      const demote = await api(u, 'PATCH', `/api/v1/users/${u.userId}`, { isAdmin: false });
      expect(demote.json().message).toBe(USER_RULES.lastAdmin);
      expect((await api(u, 'DELETE', `/api/v1/users/${other}`)).statusCode).toBe(204);
    });
  });
});
