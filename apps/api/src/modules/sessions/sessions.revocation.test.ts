import { randomUUID } from 'node:crypto';
import {
  adminRoleEndpoints,
  authEndpoints,
  passwordEndpoints,
  sessionEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  createTenantWithUser,
  createTestApp,
  signIn,
  type TestApp,
  type TestUser,
  testConfig,
} from '../../../test/app.js';
import { buildApp } from '../../app.js';

const PASSWORD = 'Old-password-1!';

/**
 * Two API processes on one database, as in production: a session ended, or a user disabled or demoted,
 * through one of them is refused by that one on its very next call, and by the other within a second,
 * however much either keeps of the sessions it resolved.
 */
describe('a session ended through one process', () => {
  let one: TestApp;
  let other: TestApp;
  let otherApp: FastifyInstance;
  let admin: TestUser;

  beforeAll(async () => {
    one = await createTestApp();
    // The first app owns the database; this one must not close it.
    otherApp = await buildApp(testConfig(), {
      database: { ...one.database, close: async () => {} },
      logger: false,
    });
    await otherApp.ready();
    other = { ...one, app: otherApp };
    admin = await createTenantWithUser(one, { password: PASSWORD });
  });
  afterAll(async () => {
    await otherApp?.close();
    await one?.close();
  });

  /** A member of the admin's tenant, signed in with a second session whose cookie `other` uses. */
  async function memberWithTwoSessions(isAdmin = false) {
    const member = await createTenantWithUser(one, { inTenant: admin.tenantId, isAdmin, password: PASSWORD });
    const second = { ...member, cookie: await signIn(one, member.tenantId, member.userId) };
    return { member, second };
  }

  /** Calls through `t` until it is refused; the milliseconds that took. Each call is kept hot first. */
  async function msUntilRefused(
    t: TestApp,
    user: TestUser,
    endpoint: typeof sessionEndpoints.session | typeof userEndpoints.list = sessionEndpoints.session,
  ) {
    const started = Date.now();
    for (;;) {
      const res = await apiCaller(t).call(user, endpoint);
      if (res.statusCode === 401 || res.statusCode === 403) return Date.now() - started;
      if (Date.now() - started > 3000) throw new Error(`still answered ${res.statusCode} after 3 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Both processes have resolved (and may keep) both sessions. */
  async function warm(...users: TestUser[]) {
    for (const t of [one, other])
      for (const user of users)
        for (let i = 0; i < 3; i++)
          expect((await apiCaller(t).call(user, sessionEndpoints.session)).statusCode).toBe(200);
  }

  it.each([
    ['the user signs out', (member: TestUser) => apiCaller(one).call(member, authEndpoints.logout), 'member'],
    [
      'the user changes their password (their other sessions end)',
      (member: TestUser) =>
        apiCaller(one).call(member, passwordEndpoints.changeOwnPassword, {
          body: { oldPassword: PASSWORD, newPassword: 'Newer-secret-2!' },
        }),
      'second',
    ],
    [
      'an administrator disables the user',
      (member: TestUser) =>
        apiCaller(one).call(admin, userEndpoints.update, {
          params: { id: member.userId },
          body: { status: 'Disabled' },
        }),
      'member',
    ],
    [
      "an administrator resets the user's password",
      (member: TestUser) =>
        apiCaller(one).call(admin, userEndpoints.resetPassword, { params: { id: member.userId } }),
      'member',
    ],
    [
      'an administrator deletes the user',
      (member: TestUser) =>
        apiCaller(one).call(admin, userEndpoints.remove, { params: { id: member.userId } }),
      'member',
    ],
  ] as const)('is refused when %s', async (_, end, which) => {
    const { member, second } = await memberWithTwoSessions();
    await warm(member, second);
    const res = await end(member);
    expect(res.statusCode).toBeLessThan(300);
    const ended = which === 'member' ? member : second;
    // The process that made the change: on the very next call.
    expect((await apiCaller(one).call(ended, sessionEndpoints.session)).statusCode).toBe(401);
    // Any other: within a second.
    expect(await msUntilRefused(other, ended)).toBeLessThanOrEqual(1000);
  });

  it('takes administration away from a demoted administrator everywhere within a second', async () => {
    const { member: demoted } = await memberWithTwoSessions(true);
    await warm(demoted);
    for (const t of [one, other])
      expect((await apiCaller(t).call(demoted, userEndpoints.list)).statusCode).toBe(200);
    await apiCaller(one).call(admin, userEndpoints.update, {
      params: { id: demoted.userId },
      body: { isAdmin: false },
    });
    expect((await apiCaller(one).call(demoted, userEndpoints.list)).statusCode).toBe(403);
    expect(await msUntilRefused(other, demoted, userEndpoints.list)).toBeLessThanOrEqual(1000);
  });

  it('takes a role away everywhere within a second, though the user stays an administrator', async () => {
    const changed = await createTenantWithUser(one, {
      inTenant: admin.tenantId,
      adminRoles: ['UserAdministrator'],
    });
    // A write the role allows: past the check, the made-up id is not found.
    const remove = (t: TestApp) =>
      apiCaller(t).call(changed, userEndpoints.remove, { params: { id: randomUUID() } });
    for (const t of [one, other]) expect((await remove(t)).statusCode).toBe(404);
    const set = await apiCaller(one).call(admin, adminRoleEndpoints.setOfUser, {
      params: { id: changed.userId },
      body: { adminRoles: ['Auditor'] },
    });
    expect(set.statusCode).toBe(200);
    expect((await remove(one)).statusCode).toBe(403);
    const started = Date.now();
    while ((await remove(other)).statusCode !== 403) {
      expect(Date.now() - started).toBeLessThanOrEqual(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // What the Auditor reads it still reads.
    expect((await apiCaller(other).call(changed, userEndpoints.list)).statusCode).toBe(200);
  });
});
