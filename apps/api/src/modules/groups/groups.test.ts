import { randomUUID } from 'node:crypto';
import { groupEndpoints, userEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAdministratorsOnly, expectEachAnswers } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditTrailOf } from '../../../test/audit-trail.js';
import { groups } from '../../db/schema/index.js';
import { createGroup, createUser, groupOf, insertRole } from './groups.test-helpers.js';

describe('groups', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const auditOf = (u: TestUser, targetId: string) => auditTrailOf(t.database, u.tenantId, { targetId });

  it('creates a group with its role, and reads it back with the role name and no users', async () => {
    const u = await createTenantWithUser(t);
    const roleId = await insertRole(t, u.tenantId, 'Release managers');
    const res = await api.call(u, groupEndpoints.create, {
      body: {
        name: ' Release team ',
        description: 'Ships the releases.',
        roleId,
      },
    });
    expect(res.statusCode).toBe(201);
    const expected = {
      id: expect.any(String),
      name: 'Release team',
      description: 'Ships the releases.',
      roleId,
      role: { id: roleId, name: 'Release managers' },
      roleName: 'Release managers',
      userCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    };
    expect(res.json()).toEqual(expected);
    expect((await api.call(u, groupEndpoints.get, { params: { id: res.json().id } })).json()).toEqual(
      expected,
    );
    const [event] = await auditOf(u, res.json().id);
    expect(event).toMatchObject({
      action: 'create',
      targetType: 'group',
      changes: { roleId: { after: roleId } },
    });
  });

  it('refuses a name already taken in any letter case, and a role of another tenant (404 at the field)', async () => {
    const u = await createTenantWithUser(t);
    const roleId = await insertRole(t, u.tenantId, 'R1');
    await createGroup(t, u, { name: 'Admins', roleId });
    const other = await createGroup(t, u, { name: 'Others', roleId });
    const dup = await api.call(u, groupEndpoints.create, { body: { name: 'ADMINS', roleId } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: 'A group with this name already exists' });
    expect(
      (await api.call(u, groupEndpoints.update, { params: { id: other }, body: { name: 'admins' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await api.call(u, groupEndpoints.update, { params: { id: other }, body: { name: 'OTHERS' } }))
        .statusCode,
    ).toBe(200);

    const stranger = await createTenantWithUser(t);
    const foreignRole = await insertRole(t, stranger.tenantId, 'Theirs');
    const res = await api.call(u, groupEndpoints.create, { body: { name: 'Borrowed', roleId: foreignRole } });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields).toEqual({ roleId: 'Role not found.' });
    expect(
      (await api.call(u, groupEndpoints.update, { params: { id: other }, body: { roleId: foreignRole } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.call(u, groupEndpoints.create, { body: { name: 'Missing', roleId: randomUUID() } }))
        .statusCode,
    ).toBe(404);
  });

  it('edits name and description without touching its users', async () => {
    const u = await createTenantWithUser(t);
    const roleId = await insertRole(t, u.tenantId, 'R');
    const id = await createGroup(t, u, { name: 'Before', roleId });
    const member = await createUser(t, u, { groupId: id });
    const res = await api.call(u, groupEndpoints.update, {
      params: { id },
      body: { name: 'After', description: 'New', roleId },
    });
    expect(res.json()).toMatchObject({ name: 'After', description: 'New', roleId, userCount: 1 });
    expect(await groupOf(t, u.tenantId, member)).toBe(id);
  });

  it('keeps the description when a PATCH gives only the name', async () => {
    const u = await createTenantWithUser(t);
    const roleId = await insertRole(t, u.tenantId, 'R');
    const id = await createGroup(t, u, { name: 'Described', description: 'Kept', roleId });
    const res = await api.call(u, groupEndpoints.update, { params: { id }, body: { name: 'Renamed' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', description: 'Kept', roleId });
  });

  it('changing the role removes every user of the group in the same change, audited', async () => {
    const u = await createTenantWithUser(t);
    const [oldRole, newRole] = [
      await insertRole(t, u.tenantId, 'Old'),
      await insertRole(t, u.tenantId, 'New'),
    ];
    const id = await createGroup(t, u, { name: 'Movers', roleId: oldRole });
    const bystanderGroup = await createGroup(t, u, { name: 'Stayers', roleId: oldRole });
    const members = [await createUser(t, u, { groupId: id }), await createUser(t, u, { groupId: id })];
    const bystander = await createUser(t, u, { groupId: bystanderGroup });

    // A refused change leaves the users where they were.
    const refused = await api.call(u, groupEndpoints.update, {
      params: { id },
      body: { roleId: randomUUID() },
    });
    expect(refused.statusCode).toBe(404);
    expect(await groupOf(t, u.tenantId, members[0]!)).toBe(id);

    const res = await api.call(u, groupEndpoints.update, { params: { id }, body: { roleId: newRole } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roleId: newRole, roleName: 'New', userCount: 0 });
    for (const member of members) expect(await groupOf(t, u.tenantId, member)).toBeNull();
    expect(await groupOf(t, u.tenantId, bystander)).toBe(bystanderGroup);
    const events = await auditOf(u, id);
    expect(events.at(-1)).toMatchObject({
      action: 'update',
      changes: { roleId: { before: oldRole, after: newRole }, userCount: { before: 2, after: 0 } },
    });
  });

  it('deletes a group: its users keep no group; then 404', async () => {
    const u = await createTenantWithUser(t);
    const id = await createGroup(t, u, { name: 'Doomed', roleId: await insertRole(t, u.tenantId, 'R') });
    const member = await createUser(t, u, { groupId: id });
    expect((await api.call(u, groupEndpoints.remove, { params: { id } })).statusCode).toBe(204);
    expect(await groupOf(t, u.tenantId, member)).toBeNull();
    expect((await api.call(u, userEndpoints.get, { params: { id: member } })).json().group).toBeNull();
    expect((await api.call(u, groupEndpoints.get, { params: { id } })).statusCode).toBe(404);
    expect((await api.call(u, groupEndpoints.remove, { params: { id } })).statusCode).toBe(404);
    expect((await auditOf(u, id)).at(-1)).toMatchObject({
      action: 'delete',
      changes: { name: { before: 'Doomed' } },
    });
  });

  describe('list', () => {
    let u: TestUser;
    const names = [
      'Alpha team',
      'alpha_ops',
      'Beta',
      'Delta-1',
      'Echo',
      'Foxtrot',
      'Golf',
      'Hotel',
      'India',
      'Juliet',
      'Kilo',
      'Lima',
    ];
    beforeAll(async () => {
      u = await createTenantWithUser(t);
      const roleId = await insertRole(t, u.tenantId, 'Viewer');
      await t.database.tenant(u.tenantId, (tx) =>
        tx.insert(groups).values(names.map((name) => ({ tenantId: u.tenantId, name, roleId }))),
      );
      const [alpha] = await t.database.tenant(u.tenantId, (tx) =>
        tx
          .select({ id: groups.id })
          .from(groups)
          .where(and(eq(groups.tenantId, u.tenantId), eq(groups.name, 'Alpha team'))),
      );
      await createUser(t, u, { groupId: alpha!.id });
      await createUser(t, u, { groupId: alpha!.id });
      const stranger = await createTenantWithUser(t);
      await createGroup(t, stranger, {
        name: 'Alpha elsewhere',
        roleId: await insertRole(t, stranger.tenantId, 'X'),
      });
    });

    const list = async (query: string) => (await api.send(u, 'GET', `/api/v1/groups?${query}`)).json();
    const namesOf = (body: { groups: { name: string }[] }) => body.groups.map((group) => group.name);

    it('pages by 10 by name, with the role name, the user counts and the total', async () => {
      const first = await list('');
      expect(first.total).toBe(12);
      expect(namesOf(first)).toEqual(names.slice(0, 10));
      expect(first.groups[0]).toMatchObject({ roleName: 'Viewer', userCount: 2 });
      expect(first.groups[1]).toMatchObject({ userCount: 0 });
      expect(namesOf(await list('limit=10&offset=10'))).toEqual(['Kilo', 'Lima']);
      expect(namesOf(await list('limit=2&offset=4'))).toEqual(['Echo', 'Foxtrot']);
    });

    it('searches names in any letter case, taking % and _ literally', async () => {
      expect(namesOf(await list('searchText=ALPHA'))).toEqual(['Alpha team', 'alpha_ops']);
      expect(namesOf(await list('searchText=a_o'))).toEqual(['alpha_ops']);
      expect((await list('searchText=%25')).total).toBe(0);
      const paged = await list('searchText=a&limit=1');
      expect(paged).toMatchObject({ total: 6, groups: [{ name: 'Alpha team' }] });
    });

    it('rejects a bad page', async () => {
      for (const query of ['limit=0', 'limit=101', 'offset=-1']) {
        expect((await api.send(u, 'GET', `/api/v1/groups?${query}`)).statusCode).toBe(400);
      }
    });
  });

  describe('access', () => {
    const endpoints = (id: string, roleId: string) =>
      [
        ['GET', '/api/v1/groups', undefined],
        ['GET', `/api/v1/groups/${id}`, undefined],
        ['POST', '/api/v1/groups', { name: 'Someone else', roleId }],
        ['PATCH', `/api/v1/groups/${id}`, { name: 'Someone else' }],
        ['DELETE', `/api/v1/groups/${id}`, undefined],
        ['GET', `/api/v1/groups/${id}/users`, undefined],
        ['PATCH', `/api/v1/groups/${id}/users`, { users: [] }],
        ['DELETE', `/api/v1/groups/${id}/users/${randomUUID()}`, undefined],
      ] as const;

    it('answers 404 for another tenant’s group, which stays as it was', async () => {
      const owner = await createTenantWithUser(t);
      const roleId = await insertRole(t, owner.tenantId, 'R');
      const id = await createGroup(t, owner, { name: 'Owned', roleId });
      const other = await createTenantWithUser(t);
      await expectEachAnswers(
        api,
        other,
        endpoints(id, roleId).filter(([, url]) => url.includes(id)),
        404,
      );
      expect((await api.call(owner, groupEndpoints.get, { params: { id } })).json().name).toBe('Owned');
    });

    it('answers 401 without a session, 403 to a non-administrator', async () => {
      const admin = await createTenantWithUser(t);
      const roleId = await insertRole(t, admin.tenantId, 'R');
      const id = await createGroup(t, admin, { name: 'Guarded', roleId });
      const member = await createTenantWithUser(t, { isAdmin: false });
      await expectAdministratorsOnly(api, member, endpoints(id, roleId));
    });
  });
});
