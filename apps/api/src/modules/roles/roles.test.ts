import { randomUUID } from 'node:crypto';
import { roleEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents } from '../../db/schema/index.js';
import { ROLE_NAME_TAKEN } from './roles.service.js';
import { createRole, seedGroup, seedRoles, seedUser } from './roles.test-helpers.js';

describe('roles', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const eventsOf = (u: TestUser, id: string) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetType, 'role'), eq(auditEvents.targetId, id)))
        .orderBy(auditEvents.seq),
    );

  it('creates a role, reads it back, lists it and records the change', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.call(u, roleEndpoints.create, {
      body: {
        name: '  Release managers ',
        description: 'Deploys',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const role = (await api.call(u, roleEndpoints.get, { params: { id } })).json();
    expect(role).toEqual({
      id,
      name: 'Release managers',
      description: 'Deploys',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await api.call(u, roleEndpoints.list)).json()).toEqual({ roles: [role], total: 1 });
    const [event] = await eventsOf(u, id);
    expect(event).toMatchObject({
      action: 'create',
      actorId: u.userId,
      changes: { name: { after: 'Release managers' }, description: { after: 'Deploys' } },
    });
  });

  it('takes the description as optional', async () => {
    const u = await createTenantWithUser(t);
    const id = await createRole(t, u, 'Auditors');
    expect((await api.call(u, roleEndpoints.get, { params: { id } })).json().description).toBe('');
  });

  it.each([
    [{ description: 'x' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'r'.repeat(81) }, 'name', 'Name should have less than 80 symbols'],
    [{ name: 'Has <markup>' }, 'name', 'Name should contain only letters, digits, spaces and punctuation'],
    [
      { name: 'Fine', description: 'd'.repeat(256) },
      'description',
      'Description should have less than 255 symbols',
    ],
  ])('refuses %j with its message', async (body, field, message) => {
    const u = await createTenantWithUser(t);
    const res = await api.send(u, 'POST', '/api/v1/roles', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message, fields: { [field]: message } });
  });

  it('takes a name of exactly 80 characters', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.call(u, roleEndpoints.create, { body: { name: 'r'.repeat(80) } });
    expect(res.statusCode).toBe(201);
  });

  it('keeps names unique per tenant regardless of case, on create and on rename', async () => {
    const u = await createTenantWithUser(t);
    await createRole(t, u, 'Developers');
    const other = await createRole(t, u, 'Testers');
    const dup = await api.call(u, roleEndpoints.create, { body: { name: 'DEVELOPERS' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CONFLICT', fields: { name: ROLE_NAME_TAKEN } });
    const rename = await api.call(u, roleEndpoints.update, {
      params: { id: other },
      body: { name: 'developers' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().fields).toEqual({ name: ROLE_NAME_TAKEN });
    // Its own name in another case is no conflict, and another tenant may use the name.
    expect(
      (await api.call(u, roleEndpoints.update, { params: { id: other }, body: { name: 'TESTERS' } }))
        .statusCode,
    ).toBe(200);
    const v = await createTenantWithUser(t);
    expect((await api.call(v, roleEndpoints.create, { body: { name: 'Developers' } })).statusCode).toBe(201);
  });

  it('updates name and description, one at a time, and records both values', async () => {
    const u = await createTenantWithUser(t);
    const id = await createRole(t, u, 'Support', 'First line');
    const res = await api.call(u, roleEndpoints.update, {
      params: { id },
      body: { description: 'Second line' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Support', description: 'Second line' });
    const renamed = await api.call(u, roleEndpoints.update, {
      params: { id },
      body: { name: 'Support team' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Support team', description: 'Second line' });
    const bad = await api.call(u, roleEndpoints.update, { params: { id }, body: { name: '' } });
    expect(bad.json()).toMatchObject({ statusCode: 400, fields: { name: 'Name is required' } });
    const updates = (await eventsOf(u, id)).filter((e) => e.action === 'update');
    expect(updates.map((e) => e.changes)).toEqual(
      expect.arrayContaining([
        { description: { before: 'First line', after: 'Second line' } },
        { name: { before: 'Support', after: 'Support team' } },
      ]),
    );
  });

  it('pages and searches in SQL, newest first, with the total of all that match', async () => {
    const u = await createTenantWithUser(t);
    const names = Array.from({ length: 12 }, (_, i) => `Role ${String(i + 1).padStart(2, '0')}`);
    await seedRoles(t, u.tenantId, [...names, 'Deploy 100%', 'Deploy_all']);
    const page = (await api.call(u, roleEndpoints.list, { query: { limit: '5', offset: '0' } })).json();
    expect(page.total).toBe(14);
    expect(page.roles.map((r: { name: string }) => r.name)).toEqual([
      'Deploy_all',
      'Deploy 100%',
      'Role 12',
      'Role 11',
      'Role 10',
    ]);
    const last = (await api.call(u, roleEndpoints.list, { query: { limit: '5', offset: '10' } })).json();
    expect(last.roles.map((r: { name: string }) => r.name)).toEqual([
      'Role 04',
      'Role 03',
      'Role 02',
      'Role 01',
    ]);
    // Defaults to 10 a page.
    expect((await api.call(u, roleEndpoints.list)).json().roles).toHaveLength(10);

    const search = (text: string) =>
      api.call(u, roleEndpoints.list, { query: { searchText: text, limit: '2' } }).then((r) => r.json());
    const found = await search('role 1');
    expect(found.total).toBe(3);
    expect(found.roles.map((r: { name: string }) => r.name)).toEqual(['Role 12', 'Role 11']);
    // %, _ are taken literally.
    expect((await search('%')).roles.map((r: { name: string }) => r.name)).toEqual(['Deploy 100%']);
    expect((await search('_')).roles.map((r: { name: string }) => r.name)).toEqual(['Deploy_all']);
    expect((await search('nothing')).total).toBe(0);
    expect((await api.call(u, roleEndpoints.list, { query: { limit: '0' } })).statusCode).toBe(400);
  });

  it('deletes a role and records it; a role that a group has cannot be deleted', async () => {
    const u = await createTenantWithUser(t);
    const id = await createRole(t, u, 'Temporary');
    expect((await api.call(u, roleEndpoints.remove, { params: { id } })).statusCode).toBe(204);
    expect((await api.call(u, roleEndpoints.get, { params: { id } })).statusCode).toBe(404);
    expect((await eventsOf(u, id)).map((e) => e.action)).toEqual(['create', 'delete']);

    const used = await createRole(t, u, 'In use');
    await seedGroup(t, u.tenantId, used);
    const res = await api.call(u, roleEndpoints.remove, { params: { id: used } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This role is assigned to a group. Assign another role to the group first.',
    });
    expect((await api.call(u, roleEndpoints.get, { params: { id: used } })).statusCode).toBe(200);
    expect((await eventsOf(u, used)).map((e) => e.action)).toEqual(['create']);
  });

  it("answers 404 for another tenant's role and for unknown ids, changing nothing", async () => {
    const owner = await createTenantWithUser(t);
    const id = await createRole(t, owner, 'Private');
    const u = await createTenantWithUser(t);
    for (const roleId of [id, randomUUID()]) {
      expect((await api.call(u, roleEndpoints.get, { params: { id: roleId } })).statusCode).toBe(404);
      expect(
        (await api.call(u, roleEndpoints.update, { params: { id: roleId }, body: { name: 'Mine' } }))
          .statusCode,
      ).toBe(404);
      expect((await api.call(u, roleEndpoints.remove, { params: { id: roleId } })).statusCode).toBe(404);
      expect((await api.call(u, roleEndpoints.permissions, { params: { id: roleId } })).statusCode).toBe(404);
    }
    expect((await api.call(u, roleEndpoints.list)).json().total).toBe(0);
    expect((await api.call(owner, roleEndpoints.get, { params: { id } })).json().name).toBe('Private');
    expect((await api.send(u, 'GET', '/api/v1/roles/not-a-uuid')).statusCode).toBe(400);
  });

  const calls: [string, string, object?][] = [
    ['GET', '/api/v1/roles'],
    ['POST', '/api/v1/roles', { name: 'X' }],
    ['GET', `/api/v1/roles/${randomUUID()}`],
    ['PATCH', `/api/v1/roles/${randomUUID()}`, { name: 'X' }],
    ['DELETE', `/api/v1/roles/${randomUUID()}`],
    ['GET', `/api/v1/roles/${randomUUID()}/permissions`],
    ['PATCH', `/api/v1/roles/${randomUUID()}/permissions`, {}],
  ];

  it.each(calls)(
    'refuses %s %s to a user who is not an administrator (403)',
    async (method, url, payload) => {
      const admin = await createTenantWithUser(t);
      const member = await seedUser(t, admin.tenantId);
      const res = await api.send(member, method as 'GET', url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_ACCESS');
    },
  );

  it.each(calls)('refuses %s %s without a session (401)', async (method, url, payload) => {
    const res = await call(t, { method: method as 'GET', url, payload });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_SESSION_EXCEPTION');
  });
});
