import {
  ADMIN_ROLE_MESSAGES,
  adminRoleEndpoints,
  auditEndpoints,
  connectionEndpoints,
  groupEndpoints,
  sessionEndpoints,
  type TemporaryAccessGrant,
  userEndpoints,
} from '@skyvault/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  createTenantWithUser,
  createTestApp,
  type TestApp,
  type TestUser,
  testConfig,
} from '../../../test/app.js';
import { buildApp } from '../../app.js';
import { auditEvents, connections, temporaryAccess, users } from '../../db/schema/index.js';
import { seedConnections } from '../connections/connections.test-helpers.js';
import { insertRole } from '../groups/groups.test-helpers.js';
import { expireTemporaryAccess } from './temporary-access.js';

/**
 * Where administrator roles come from besides a user's own (docs/administration.md): a role or a
 * permission on one connection granted for a time, which ends on time in every process, and the roles
 * of the user's group. Two API processes on one database, as in production.
 */
let one: TestApp;
let other: TestApp;
let otherApp: FastifyInstance;

beforeAll(async () => {
  one = await createTestApp();
  otherApp = await buildApp(testConfig(), {
    database: { ...one.database, close: async () => {} },
    logger: false,
  });
  await otherApp.ready();
  other = { ...one, app: otherApp };
});
afterAll(async () => {
  await otherApp?.close();
  await one?.close();
});

const grant = (by: TestUser, id: string, body: TemporaryAccessGrant) =>
  apiCaller(one).call(by, adminRoleEndpoints.grantTemporary, { params: { id }, body });

/** Ends the user's grants in `seconds` by the database's clock, as if their time had run. */
const endIn = (tenantId: string, userId: string, seconds: number) =>
  one.database.system((tx) =>
    tx
      .update(temporaryAccess)
      .set({ expiresAt: sql`now() + make_interval(secs => ${seconds}::int)` })
      .where(and(eq(temporaryAccess.tenantId, tenantId), eq(temporaryAccess.userId, userId))),
  );

const isAdmin = async (userId: string) =>
  (
    await one.database.system((tx) =>
      tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)),
    )
  )[0]!.isAdmin;

async function status(
  t: TestApp,
  user: TestUser,
  endpoint: typeof userEndpoints.list | typeof connectionEndpoints.list = userEndpoints.list,
) {
  return (await apiCaller(t).call(user, endpoint)).statusCode;
}

describe('a role granted for a time', () => {
  it('gives its permissions until its end, then nothing on either process within a second; its ending is audited once', async () => {
    const owner = await createTenantWithUser(one);
    const member = await createTenantWithUser(one, { inTenant: owner.tenantId, isAdmin: false });
    expect(await status(one, member)).toBe(403);

    const res = await grant(owner, member.userId, { role: 'UserAdministrator', durationMinutes: 15 });
    expect(res.statusCode).toBe(201);
    const granted = res.result();
    expect(granted.adminRoles).toEqual(['UserAdministrator']);
    expect(granted.sources).toEqual([
      expect.objectContaining({
        role: 'UserAdministrator',
        source: 'temporary',
        grantId: expect.any(String),
      }),
    ]);
    const until = new Date(granted.sources[0]!.expiresAt!).getTime();
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    // The previous release reads is_admin: it says so too.
    expect(await isAdmin(member.userId)).toBe(true);
    for (const t of [one, other]) for (let i = 0; i < 3; i++) expect(await status(t, member)).toBe(200);

    // Its time runs out in two seconds: both processes keep answering until then, then refuse within
    // a second of its end, with no process removing it yet.
    await endIn(owner.tenantId, member.userId, 2);
    const endsAt = Date.now() + 2000;
    const refusedAt = async (t: TestApp) => {
      for (;;) {
        const code = await status(t, member);
        if (code === 403) return Date.now();
        expect(code).toBe(200);
        if (Date.now() > endsAt + 3000) throw new Error('still allowed 3 s after the end');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const [byOne, byOther] = await Promise.all([refusedAt(one), refusedAt(other)]);
    for (const at of [byOne, byOther]) {
      expect(at).toBeGreaterThanOrEqual(endsAt - 500);
      expect(at - endsAt).toBeLessThanOrEqual(1000);
    }
    const session = (await apiCaller(other).call(member, sessionEndpoints.session)).result();
    expect(session.permissions).toEqual([]);

    // Both processes run the expiry at once: the grant is removed and its ending audited once.
    const [a, b] = await Promise.all([
      expireTemporaryAccess(one.database),
      expireTemporaryAccess(other.database),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const ended = await one.database.system((tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.tenantId, owner.tenantId), eq(auditEvents.action, 'admin-role-expired'))),
    );
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ actorId: null, targetId: member.userId });
    expect(await isAdmin(member.userId)).toBe(false);
    const history = (
      await apiCaller(one).call(owner, auditEndpoints.list, {
        query: { resourceType: 'user', resourceId: member.userId },
      })
    ).result();
    expect(history.events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['grant-temporary-access', 'admin-role-expired']),
    );
  });

  it('refuses a duration out of bounds, a role and a permission together, and a role held without an end', async () => {
    const owner = await createTenantWithUser(one);
    const member = await createTenantWithUser(one, { inTenant: owner.tenantId, adminRoles: ['Auditor'] });
    for (const durationMinutes of [14, 7 * 24 * 60 + 1]) {
      const res = await grant(owner, member.userId, { role: 'UserAdministrator', durationMinutes });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.durationMinutes).toBe(ADMIN_ROLE_MESSAGES.durationRange);
    }
    const both = await grant(owner, member.userId, {
      role: 'UserAdministrator',
      permission: 'connections:write',
      durationMinutes: 60,
    });
    expect(both.statusCode).toBe(400);
    const held = await grant(owner, member.userId, { role: 'Auditor', durationMinutes: 60 });
    expect(held.statusCode).toBe(409);
    // The longest one is 7 days.
    expect(
      (await grant(owner, member.userId, { role: 'Owner', durationMinutes: 7 * 24 * 60 })).statusCode,
    ).toBe(201);
  });

  it('does not count a time-bound Owner as an Owner that stays', async () => {
    const owner = await createTenantWithUser(one);
    const member = await createTenantWithUser(one, { inTenant: owner.tenantId, isAdmin: false });
    expect((await grant(owner, member.userId, { role: 'Owner', durationMinutes: 60 })).statusCode).toBe(201);
    const res = await apiCaller(one).call(owner, adminRoleEndpoints.setOfUser, {
      params: { id: owner.userId },
      body: { adminRoles: ['Auditor'] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_ROLE_MESSAGES.lastOwner);
  });

  it('ends early when an Owner ends it, audited', async () => {
    const owner = await createTenantWithUser(one);
    const member = await createTenantWithUser(one, { inTenant: owner.tenantId, isAdmin: false });
    const granted = (await grant(owner, member.userId, { role: 'Auditor', durationMinutes: 60 })).result();
    const grantId = granted.sources[0]!.grantId!;
    const res = await apiCaller(one).call(owner, adminRoleEndpoints.endTemporary, {
      params: { id: member.userId, grantId },
    });
    expect(res.statusCode).toBe(204);
    expect(await status(one, member)).toBe(403);
    expect(await status(other, member)).not.toBe(200);
    expect(await isAdmin(member.userId)).toBe(false);
  });
});

describe('a permission on one connection for a time', () => {
  it('opens that connection only, and ends on time', async () => {
    const owner = await createTenantWithUser(one);
    const member = await createTenantWithUser(one, { inTenant: owner.tenantId, isAdmin: false });
    await seedConnections(one, owner, [
      { name: 'Granted org', organizationType: 'Production', createdAt: new Date() },
      { name: 'Other org', organizationType: 'Sandbox', createdAt: new Date() },
    ]);
    const rows = await one.database.tenant(owner.tenantId, (tx) =>
      tx
        .select({ id: connections.id, name: connections.name })
        .from(connections)
        .where(eq(connections.tenantId, owner.tenantId)),
    );
    const granted = rows.find((row) => row.name === 'Granted org')!.id;
    const notGranted = rows.find((row) => row.name === 'Other org')!.id;
    const get = (t: TestApp, id: string) =>
      apiCaller(t).call(member, connectionEndpoints.get, { params: { id } });
    expect((await get(one, granted)).statusCode).toBe(403);

    const res = await grant(owner, member.userId, {
      permission: 'connections:write',
      connectionId: granted,
      durationMinutes: 30,
    });
    expect(res.statusCode).toBe(201);
    expect(res.result().resourceGrants).toEqual([
      expect.objectContaining({
        permission: 'connections:write',
        resourceId: granted,
        resourceName: 'Granted org',
      }),
    ]);
    // Not an administrator: no roles, no other screen.
    expect(res.result().adminRoles).toEqual([]);
    expect(await isAdmin(member.userId)).toBe(false);
    for (const t of [one, other]) {
      expect((await get(t, granted)).statusCode).toBe(200);
      expect((await get(t, notGranted)).statusCode).toBe(403);
      expect(await status(t, member, connectionEndpoints.list)).toBe(403);
      expect(await status(t, member)).toBe(403);
    }
    // A permission that is not a connection's, or a connection of no one, is refused.
    const wrong = await grant(owner, member.userId, {
      permission: 'users:write',
      connectionId: granted,
      durationMinutes: 30,
    });
    expect(wrong.statusCode).toBe(400);
    const stranger = await createTenantWithUser(one);
    const theirs = await grant(stranger, member.userId, {
      permission: 'connections:read',
      connectionId: granted,
      durationMinutes: 30,
    });
    expect(theirs.statusCode).toBe(404);

    await endIn(owner.tenantId, member.userId, 0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const t of [one, other]) expect((await get(t, granted)).statusCode).toBe(403);
  });
});

describe('roles through a group', () => {
  async function groupWithRoles(owner: TestUser, adminRoles: ('Owner' | 'EnvironmentAdministrator')[]) {
    const roleId = await insertRole(one, owner.tenantId, `Role ${String(Math.random()).slice(2)}`);
    const group = (
      await apiCaller(one).call(owner, groupEndpoints.create, {
        body: { name: `Admins ${String(Math.random()).slice(2)}`, roleId },
      })
    ).result();
    const set = await apiCaller(one).call(owner, adminRoleEndpoints.setOfGroup, {
      params: { id: group.id },
      body: { adminRoles },
    });
    expect(set.statusCode).toBe(200);
    return group.id;
  }
  const addToGroup = (by: TestUser, groupId: string, userId: string) =>
    apiCaller(one).call(by, groupEndpoints.addUsers, {
      params: { id: groupId },
      body: { users: [{ id: userId }] },
    });
  const removeFromGroup = (by: TestUser, groupId: string, userId: string) =>
    apiCaller(one).call(by, groupEndpoints.removeUser, { params: { id: groupId, userId } });

  it("gives its members the group's roles, which leave with them", async () => {
    const owner = await createTenantWithUser(one);
    const member = await createTenantWithUser(one, { inTenant: owner.tenantId, isAdmin: false });
    const groupId = await groupWithRoles(owner, ['EnvironmentAdministrator']);
    expect(
      (await apiCaller(one).call(owner, adminRoleEndpoints.ofGroup, { params: { id: groupId } })).result()
        .adminRoles,
    ).toEqual(['EnvironmentAdministrator']);

    expect((await addToGroup(owner, groupId, member.userId)).statusCode).toBeLessThan(300);
    expect(await isAdmin(member.userId)).toBe(true);
    const roles = (
      await apiCaller(one).call(owner, adminRoleEndpoints.ofUser, { params: { id: member.userId } })
    ).result();
    expect(roles.sources).toEqual([
      expect.objectContaining({ role: 'EnvironmentAdministrator', source: 'group', groupId }),
    ]);
    for (const t of [one, other]) {
      expect(await status(t, member, connectionEndpoints.list)).toBe(200);
      expect(await status(t, member)).toBe(403);
    }

    expect((await removeFromGroup(owner, groupId, member.userId)).statusCode).toBeLessThan(300);
    expect(await isAdmin(member.userId)).toBe(false);
    expect(await status(one, member, connectionEndpoints.list)).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await status(other, member, connectionEndpoints.list)).toBe(403);

    // The group's change is audited on the group.
    const history = (
      await apiCaller(one).call(owner, auditEndpoints.list, {
        query: { resourceType: 'group', resourceId: groupId, action: 'update-admin-roles' },
      })
    ).result();
    expect(history.events).toHaveLength(1);
  });

  it("takes admin-roles:write to move users into or out of a group with roles, and an Owner's for Owner", async () => {
    const owner = await createTenantWithUser(one);
    const userAdmin = await createTenantWithUser(one, {
      inTenant: owner.tenantId,
      adminRoles: ['UserAdministrator'],
    });
    const member = await createTenantWithUser(one, { inTenant: owner.tenantId, isAdmin: false });
    const groupId = await groupWithRoles(owner, ['Owner']);
    // A User administrator changes groups, but not into administration.
    const self = await addToGroup(userAdmin, groupId, userAdmin.userId);
    expect(self.statusCode).toBe(403);
    expect((await addToGroup(userAdmin, groupId, member.userId)).statusCode).toBe(403);
    const setByUserAdmin = await apiCaller(one).call(userAdmin, adminRoleEndpoints.setOfGroup, {
      params: { id: groupId },
      body: { adminRoles: [] },
    });
    expect(setByUserAdmin.statusCode).toBe(403);
    expect(await isAdmin(member.userId)).toBe(false);
  });

  it('counts Owners through a group for the last-Owner rule', async () => {
    const owner = await createTenantWithUser(one);
    const member = await createTenantWithUser(one, { inTenant: owner.tenantId, isAdmin: false });
    const groupId = await groupWithRoles(owner, ['Owner']);
    expect((await addToGroup(owner, groupId, member.userId)).statusCode).toBeLessThan(300);
    // The direct Owner may step down: the group's member stays an Owner.
    const stepDown = await apiCaller(one).call(owner, adminRoleEndpoints.setOfUser, {
      params: { id: owner.userId },
      body: { adminRoles: ['Auditor'] },
    });
    expect(stepDown.statusCode).toBe(200);
    // Now the group holds the last Owner: neither its role nor its member may go.
    const emptied = await apiCaller(one).call(member, adminRoleEndpoints.setOfGroup, {
      params: { id: groupId },
      body: { adminRoles: [] },
    });
    expect(emptied.statusCode).toBe(409);
    expect(emptied.json().message).toBe(ADMIN_ROLE_MESSAGES.lastOwnerGroup);
    const left = await removeFromGroup(member, groupId, member.userId);
    expect(left.statusCode).toBe(409);
    expect(
      (await apiCaller(one).call(member, groupEndpoints.remove, { params: { id: groupId } })).statusCode,
    ).toBe(409);
    expect(await isAdmin(member.userId)).toBe(true);
  });
});
