import { randomUUID } from 'node:crypto';
import { groupEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents, users } from '../../db/schema/index.js';
import { createGroup, createUser, grantDevopsSeats, groupOf, insertRole } from './groups.test-helpers.js';

describe('group users', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const setup = async () => {
    const u = await createTenantWithUser(t);
    const roleId = await insertRole(t, u.tenantId, 'Role');
    const groupId = await createGroup(t, u, { name: 'Team one', roleId });
    const otherGroup = await createGroup(t, u, { name: 'Team two', roleId });
    return { u, roleId, groupId, otherGroup };
  };

  it('adds users, moving them from their previous group, audited', async () => {
    const { u, groupId, otherGroup } = await setup();
    const moving = await createUser(t, u, { groupId: otherGroup });
    const free = await createUser(t, u);
    const res = await api.call(u, groupEndpoints.addUsers, {
      params: { id: groupId },
      body: {
        users: [{ id: moving }, { id: free }, { id: free }],
      },
    });
    expect(res.statusCode).toBe(204);
    expect(await groupOf(t, u.tenantId, moving)).toBe(groupId);
    expect(await groupOf(t, u.tenantId, free)).toBe(groupId);
    expect((await api.call(u, groupEndpoints.get, { params: { id: groupId } })).json().userCount).toBe(2);
    expect((await api.call(u, groupEndpoints.get, { params: { id: otherGroup } })).json().userCount).toBe(0);
    const [event] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'add-users')),
    );
    expect(event).toMatchObject({ targetId: groupId, changes: { userIds: { after: [moving, free] } } });
    // Nothing to add is no change.
    expect(
      (await api.call(u, groupEndpoints.addUsers, { params: { id: groupId }, body: { users: [] } }))
        .statusCode,
    ).toBe(204);
  });

  it('refuses another tenant’s user (404) and adds none of the list', async () => {
    const { u, groupId } = await setup();
    const mine = await createUser(t, u);
    const stranger = await createTenantWithUser(t);
    const theirs = await createUser(t, stranger);
    for (const id of [theirs, randomUUID()]) {
      const res = await api.call(u, groupEndpoints.addUsers, {
        params: { id: groupId },
        body: { users: [{ id: mine }, { id }] },
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await groupOf(t, u.tenantId, mine)).toBeNull();
    expect(await groupOf(t, stranger.tenantId, theirs)).toBeNull();
    const bad = await api.call(u, groupEndpoints.addUsers, {
      params: { id: groupId },
      body: { users: [{ id: 'x' }] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses users beyond the DevOps seats of the group’s role', async () => {
    const u = await createTenantWithUser(t);
    await grantDevopsSeats(t, u.tenantId, 2);
    const roleId = await insertRole(t, u.tenantId, 'Developers', { devopsFullAccess: true });
    const groupId = await createGroup(t, u, { name: 'Developers', roleId });
    const ids = [await createUser(t, u), await createUser(t, u), await createUser(t, u)];
    const res = await api.call(u, groupEndpoints.addUsers, {
      params: { id: groupId },
      body: {
        users: ids.map((id) => ({ id })),
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough DevOps seats: 2 available, 3 needed.');
    expect(await groupOf(t, u.tenantId, ids[0]!)).toBeNull();
    const two = ids.slice(0, 2).map((id) => ({ id }));
    expect(
      (await api.call(u, groupEndpoints.addUsers, { params: { id: groupId }, body: { users: two } }))
        .statusCode,
    ).toBe(204);
    // Adding someone already in the group takes no new seat.
    expect(
      (await api.call(u, groupEndpoints.addUsers, { params: { id: groupId }, body: { users: two } }))
        .statusCode,
    ).toBe(204);
  });

  it('removes one user; a user who is not in the group answers 404', async () => {
    const { u, groupId, otherGroup } = await setup();
    const member = await createUser(t, u, { groupId });
    const elsewhere = await createUser(t, u, { groupId: otherGroup });
    expect(
      (await api.call(u, groupEndpoints.removeUser, { params: { id: groupId, userId: member } })).statusCode,
    ).toBe(204);
    expect(await groupOf(t, u.tenantId, member)).toBeNull();
    expect(
      (await api.call(u, groupEndpoints.removeUser, { params: { id: groupId, userId: member } })).statusCode,
    ).toBe(404);
    expect(
      (await api.call(u, groupEndpoints.removeUser, { params: { id: groupId, userId: elsewhere } }))
        .statusCode,
    ).toBe(404);
    expect(await groupOf(t, u.tenantId, elsewhere)).toBe(otherGroup);
  });

  describe('list', () => {
    let u: TestUser;
    let groupId: string;
    beforeAll(async () => {
      ({ u, groupId } = await setup());
      const start = Date.UTC(2024, 0, 1);
      await t.database.tenant(u.tenantId, (tx) =>
        tx.insert(users).values(
          Array.from({ length: 30 }, (_, i) => ({
            tenantId: u.tenantId,
            firstName: i % 2 ? 'Odd' : 'Even',
            lastName: `Person ${i}`,
            email: `p${i}@acme.test`,
            status: 'Confirmed' as const,
            // Users 0..11 are in the group.
            groupId: i < 12 ? groupId : null,
            updatedAt: new Date(start + i * 60_000),
          })),
        ),
      );
    });

    const list = async (query: string) =>
      (await api.send(u, 'GET', `/api/v1/groups/${groupId}/users?${query}`)).json();
    const emails = (body: { rows: { email: string }[] }) => body.rows.map((row) => row.email);

    it('lists the members by default, most recently updated first, with the count', async () => {
      const members = await list('');
      expect(members.count).toBe(12);
      expect(emails(members)).toEqual(Array.from({ length: 10 }, (_, i) => `p${11 - i}@acme.test`));
      expect(Object.keys(members.rows[0]).sort()).toEqual([
        'adminRoles',
        'email',
        'firstName',
        'id',
        'lastName',
        'updatedAt',
      ]);
      expect(emails(await list('isRelated=true&limit=2&offset=10'))).toEqual([
        'p1@acme.test',
        'p0@acme.test',
      ]);
    });

    it('lists everyone else for the picker, 25 a batch, searchable', async () => {
      const others = await list('isRelated=false&limit=25');
      // 18 seeded outside the group, and the administrator.
      expect(others.count).toBe(19);
      expect(emails(others)).not.toContain('p0@acme.test');
      expect(emails(await list('isRelated=false&search=person%2029'))).toEqual(['p29@acme.test']);
      expect((await list('isRelated=false&search=odd')).count).toBe(9);
      expect((await list('isRelated=true&search=ODD')).count).toBe(6);
      expect((await list('columns=id&isRelated=maybe')).statusCode).toBe(400);
    });
  });
});
