import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADMIN_ROLE_MESSAGES,
  type AdminRole,
  adminRoleEndpoints,
  auditEndpoints,
  sessionEndpoints,
  userEndpoints,
  userMfaEndpoints,
} from '@skyvault/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, createTestApp, type TestApp, type TestUser } from '../../../test/app.js';
import { migrationsFolder } from '../../db/migrate.js';
import { userAdminRoles, users } from '../../db/schema/index.js';
import { createApiToken, withToken } from '../api-tokens/api-tokens.test-helpers.js';

let t: TestApp;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await createTestApp();
  api = apiCaller(t);
});
afterAll(() => t.close());

const rolesOf = async (user: TestUser, id = user.userId) =>
  (await api.call(user, adminRoleEndpoints.ofUser, { params: { id } })).result().adminRoles;

/** Any list, a wrong one too: the API is what refuses it. */
const setRoles = (by: TestUser, id: string, adminRoles: string[]) =>
  api.call(by, adminRoleEndpoints.setOfUser, {
    params: { id },
    body: { adminRoles: adminRoles as AdminRole[] },
  });

describe('administrator roles', () => {
  it('sets a user roles, answers them on the user and the session, and audits the change', async () => {
    const owner = await createTenantWithUser(t);
    const member = await createTenantWithUser(t, { inTenant: owner.tenantId, isAdmin: false });
    expect(await rolesOf(owner, member.userId)).toEqual([]);

    const res = await setRoles(owner, member.userId, ['EnvironmentAdministrator', 'SecurityAdministrator']);
    expect(res.statusCode).toBe(200);
    // In the role table's order, with what they give together.
    expect(res.result().adminRoles).toEqual(['SecurityAdministrator', 'EnvironmentAdministrator']);
    expect(res.result().permissions).toContain('storages:write');
    expect(res.result().permissions).toContain('sign-in:write');
    expect(res.result().permissions).not.toContain('users:write');

    const user = (await api.call(owner, userEndpoints.get, { params: { id: member.userId } })).result();
    expect(user).toMatchObject({
      isAdmin: true,
      adminRoles: ['SecurityAdministrator', 'EnvironmentAdministrator'],
    });
    const session = (await api.call(member, sessionEndpoints.session)).result();
    expect(session.adminRoles).toEqual(['SecurityAdministrator', 'EnvironmentAdministrator']);
    expect(session.permissions).toContain('storages:write');
    expect(session.permissions).not.toContain('admin-roles:write');

    // The user's History (the audit trail of the user) shows it, with both lists.
    const history = (
      await api.call(owner, auditEndpoints.list, {
        query: { resourceType: 'user', resourceId: member.userId, action: 'update-admin-roles' },
      })
    ).result();
    expect(history.events).toHaveLength(1);
    expect(history.events[0]).toMatchObject({
      action: 'update-admin-roles',
      changes: {
        adminRoles: { before: '', after: 'SecurityAdministrator, EnvironmentAdministrator' },
      },
    });

    // No roles: not an administrator any more.
    expect((await setRoles(owner, member.userId, [])).result()).toEqual({
      adminRoles: [],
      permissions: [],
      sources: [],
      resourceGrants: [],
    });
    const after = (await api.call(owner, userEndpoints.get, { params: { id: member.userId } })).result();
    expect(after).toMatchObject({ isAdmin: false, adminRoles: [] });
    expect((await api.call(member, userEndpoints.list)).statusCode).toBe(403);
  });

  it('refuses a role listed twice, an unknown role, and a user of another tenant', async () => {
    const owner = await createTenantWithUser(t);
    const stranger = await createTenantWithUser(t);
    const twice = await setRoles(owner, owner.userId, ['Owner', 'Owner']);
    expect(twice.statusCode).toBe(400);
    const unknown = await setRoles(owner, owner.userId, ['Superuser']);
    expect(unknown.statusCode).toBe(400);
    expect((await setRoles(owner, stranger.userId, ['Auditor'])).statusCode).toBe(404);
    expect(
      (await api.call(owner, adminRoleEndpoints.ofUser, { params: { id: stranger.userId } })).statusCode,
    ).toBe(404);
  });

  it("refuses taking the last Owner's role, or deleting the last Owner", async () => {
    const owner = await createTenantWithUser(t);
    const other = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Owner'] });
    const last = await setRoles(owner, owner.userId, ['SecurityAdministrator']);
    expect(last.statusCode).toBe(200);
    // `other` is the last Owner now: neither they nor anyone takes the role away from them.
    const refused = await setRoles(other, other.userId, ['Auditor']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_ROLE_MESSAGES.lastOwner);
    const demote = await api.call(other, userEndpoints.update, {
      params: { id: other.userId },
      body: { isAdmin: false },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(ADMIN_ROLE_MESSAGES.lastOwner);
    // An API token may delete and disable users, but not the last Owner.
    const { token } = await createApiToken(t, other, { scope: 'admin' });
    for (const attempt of [
      { method: 'DELETE' as const, url: `/api/v1/users/${other.userId}` },
      { method: 'PATCH' as const, url: `/api/v1/users/${other.userId}`, payload: { status: 'Disabled' } },
    ]) {
      const res = await withToken(t, token, attempt);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ADMIN_ROLE_MESSAGES.lastOwner);
    }
    expect(await rolesOf(other)).toEqual(['Owner']);
  });

  it('lets only an Owner grant the Owner role', async () => {
    const owner = await createTenantWithUser(t);
    const userAdmin = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['UserAdministrator'],
    });
    const member = await createTenantWithUser(t, { inTenant: owner.tenantId, isAdmin: false });
    // Through the old switch: an administrator made so is an Owner.
    const promote = await api.call(userAdmin, userEndpoints.update, {
      params: { id: member.userId },
      body: { isAdmin: true },
    });
    expect(promote.statusCode).toBe(403);
    const create = await api.call(userAdmin, userEndpoints.create, {
      body: {
        firstName: 'New',
        lastName: 'Owner',
        email: `new-owner-${owner.tenantId}@example.com`,
        isAdmin: true,
      },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(ADMIN_ROLE_MESSAGES.ownerGrantsOwner);
    // The roles endpoint is an Owner's.
    expect((await setRoles(userAdmin, member.userId, ['Owner'])).statusCode).toBe(403);
    expect(await rolesOf(owner, member.userId)).toEqual([]);
    // What a User administrator does to users who are not administrators still works.
    const renamed = await api.call(userAdmin, userEndpoints.update, {
      params: { id: member.userId },
      body: { firstName: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await setRoles(owner, member.userId, ['Owner'])).result().adminRoles).toEqual(['Owner']);
  });

  it("lets a User administrator reset only non-administrators' password and MFA", async () => {
    const owner = await createTenantWithUser(t);
    const userAdmin = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['UserAdministrator'],
    });
    const security = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['SecurityAdministrator'],
    });
    const member = await createTenantWithUser(t, { inTenant: owner.tenantId, isAdmin: false });
    const auditor = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Auditor'] });
    const resetMfa = (by: TestUser, id: string) => api.call(by, userMfaEndpoints.reset, { params: { id } });
    const resetPassword = (by: TestUser, id: string) =>
      api.call(by, userEndpoints.resetPassword, { params: { id }, body: {} });

    for (const reset of [resetMfa, resetPassword]) {
      const refused = await reset(userAdmin, auditor.userId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ADMIN_ROLE_MESSAGES.administratorCredentials);
      expect((await reset(userAdmin, member.userId)).statusCode).toBe(204);
    }
    // A Security administrator resets an administrator's MFA.
    expect((await resetMfa(security, auditor.userId)).statusCode).toBe(204);
    // Nor does a User administrator change an administrator's address or delete them.
    const readdress = await api.call(userAdmin, userEndpoints.update, {
      params: { id: auditor.userId },
      body: { email: `taken-over-${owner.tenantId}@example.com` },
    });
    expect(readdress.statusCode).toBe(403);
    expect(readdress.json().message).toBe(ADMIN_ROLE_MESSAGES.administratorAccount);
    expect(
      (await api.call(userAdmin, userEndpoints.remove, { params: { id: auditor.userId } })).statusCode,
    ).toBe(403);
  });

  it("refuses an Auditor's writes, and reads for them", async () => {
    const owner = await createTenantWithUser(t);
    const auditor = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Auditor'] });
    const member = await createTenantWithUser(t, { inTenant: owner.tenantId, isAdmin: false });
    const write = await api.call(auditor, userEndpoints.update, {
      params: { id: member.userId },
      body: { firstName: 'Changed' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      code: 'INSUFFICIENT_ACCESS',
      message: ADMIN_ROLE_MESSAGES.missingPermission('users:write'),
    });
    const user = (await api.call(auditor, userEndpoints.get, { params: { id: member.userId } })).result();
    expect(user.firstName).toBe('Test');
    expect((await api.call(auditor, auditEndpoints.list)).statusCode).toBe(200);
  });

  it('keeps is_admin and the roles in step for the release before roles (migration 0038)', async () => {
    const owner = await createTenantWithUser(t);
    const member = await createTenantWithUser(t, { inTenant: owner.tenantId, isAdmin: false });
    const auditor = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Auditor'] });
    const stored = async (id: string) =>
      (
        await t.database.system((tx) =>
          tx
            .select({ role: userAdminRoles.role })
            .from(userAdminRoles)
            .where(and(eq(userAdminRoles.tenantId, owner.tenantId), eq(userAdminRoles.userId, id))),
        )
      ).map((row) => row.role);
    const setIsAdmin = (id: string, isAdmin: boolean) =>
      t.database.system((tx) => tx.update(users).set({ isAdmin }).where(eq(users.id, id)));

    // The previous release makes an administrator (is_admin alone): an Owner, as it meant.
    await setIsAdmin(member.userId, true);
    expect(await stored(member.userId)).toEqual(['Owner']);
    // It demotes one: every role goes.
    await setIsAdmin(auditor.userId, false);
    expect(await stored(auditor.userId)).toEqual([]);

    // Before the migration nobody held a role: its backfill makes every administrator an Owner. (The
    // rows go without their triggers, which would make the users non-administrators: as before 0038.)
    await t.database.system(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(userAdminRoles).where(eq(userAdminRoles.tenantId, owner.tenantId));
    });
    const migration = readFileSync(path.join(migrationsFolder(), '0038_administrator_roles.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((part) => part.includes('INSERT INTO "user_admin_roles"'));
    expect(backfill).toBeDefined();
    await t.database.system((tx) => tx.execute(sql.raw(backfill!)));
    expect(await stored(owner.userId)).toEqual(['Owner']);
    expect(await stored(member.userId)).toEqual(['Owner']);
    expect(await stored(auditor.userId)).toEqual([]);
  });
});
