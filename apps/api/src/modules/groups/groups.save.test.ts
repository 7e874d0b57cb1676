import { randomUUID } from 'node:crypto';
import { groupEndpoints, MESSAGES, NOT_FOUND, REFUSALS } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditTrailOf } from '../../../test/audit-trail.js';
import { createGroup, createUser, grantDevopsSeats, groupOf, insertRole } from './groups.test-helpers.js';

/** PATCH /v1/groups/:id with member changes: the edit screen's one save, all of it or nothing. */
describe('saving a group with its users', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const auditOf = (u: TestUser, targetId: string) => auditTrailOf(t.database, u.tenantId, { targetId });
  const groupNamed = async (u: TestUser, id: string) =>
    (await api.call(u, groupEndpoints.get, { params: { id } })).json();

  const setup = async () => {
    const u = await createTenantWithUser(t);
    const roleId = await insertRole(t, u.tenantId, 'Role');
    const groupId = await createGroup(t, u, { name: 'Team one', roleId });
    const otherGroup = await createGroup(t, u, { name: 'Team two', roleId });
    return { u, roleId, groupId, otherGroup };
  };

  it('renames, adds and removes users in one call, with its audit events', async () => {
    const { u, roleId, groupId, otherGroup } = await setup();
    const leaving = await createUser(t, u, { groupId });
    const staying = await createUser(t, u, { groupId });
    const moving = await createUser(t, u, { groupId: otherGroup });
    const free = await createUser(t, u);
    const res = await api.call(u, groupEndpoints.update, {
      params: { id: groupId },
      body: {
        name: 'Team renamed',
        description: 'Both at once',
        roleId,
        addUsers: [{ id: moving }, { id: free }, { id: free }],
        removeUsers: [{ id: leaving }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Team renamed', description: 'Both at once', userCount: 3 });
    expect(await groupOf(t, u.tenantId, leaving)).toBeNull();
    expect(await groupOf(t, u.tenantId, staying)).toBe(groupId);
    expect(await groupOf(t, u.tenantId, moving)).toBe(groupId);
    expect(await groupOf(t, u.tenantId, free)).toBe(groupId);
    const events = (await auditOf(u, groupId)).filter((event) => event.action !== 'create');
    expect(events.map((event) => event.action)).toEqual(['update', 'add-users']);
    expect(events[0]).toMatchObject({ changes: { name: { before: 'Team one', after: 'Team renamed' } } });
    expect(events[1]).toMatchObject({
      targetName: 'Team renamed',
      changes: { userIds: { before: [leaving], after: [moving, free] } },
    });
    // Both events belong to the one request.
    expect(new Set(events.map((event) => event.requestId)).size).toBe(1);
  });

  it('changes only the users when the body names no field of the group', async () => {
    const { u, groupId } = await setup();
    const member = await createUser(t, u, { groupId });
    const res = await api.call(u, groupEndpoints.update, {
      params: { id: groupId },
      body: { removeUsers: [{ id: member }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Team one', userCount: 0 });
    const events = (await auditOf(u, groupId)).filter((event) => event.action !== 'create');
    expect(events.map((event) => event.action)).toEqual(['remove-user']);
  });

  it('a new role empties the group, then the users added join under it', async () => {
    const { u, groupId } = await setup();
    const newRole = await insertRole(t, u.tenantId, 'New role');
    const old = await createUser(t, u, { groupId });
    const joining = await createUser(t, u);
    const res = await api.call(u, groupEndpoints.update, {
      params: { id: groupId },
      body: { roleId: newRole, addUsers: [{ id: joining }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roleId: newRole, userCount: 1 });
    expect(await groupOf(t, u.tenantId, old)).toBeNull();
    expect(await groupOf(t, u.tenantId, joining)).toBe(groupId);
  });

  it('refuses users beyond the DevOps seats at the users field and saves nothing, no event either', async () => {
    const u = await createTenantWithUser(t);
    await grantDevopsSeats(t, u.tenantId, 2);
    const roleId = await insertRole(t, u.tenantId, 'Developers', { devopsFullAccess: true });
    const groupId = await createGroup(t, u, { name: 'Developers', roleId });
    const member = await createUser(t, u, { groupId });
    const ids = [await createUser(t, u), await createUser(t, u), await createUser(t, u)];
    const eventsBefore = (await auditOf(u, groupId)).length;
    const res = await api.call(u, groupEndpoints.update, {
      params: { id: groupId },
      body: {
        name: 'Developers renamed',
        addUsers: ids.map((id) => ({ id })),
        removeUsers: [{ id: member }],
      },
    });
    expect(res.statusCode).toBe(409);
    const message = REFUSALS.devopsSeats(1, 2);
    expect(res.json()).toMatchObject({ message, fields: { addUsers: message } });
    expect(await groupNamed(u, groupId)).toMatchObject({ name: 'Developers', userCount: 1 });
    expect(await groupOf(t, u.tenantId, member)).toBe(groupId);
    for (const id of ids) expect(await groupOf(t, u.tenantId, id)).toBeNull();
    expect(await auditOf(u, groupId)).toHaveLength(eventsBefore);
    // Removing the member frees the seat the third user needs.
    const fits = await api.call(u, groupEndpoints.update, {
      params: { id: groupId },
      body: { addUsers: ids.slice(0, 2).map((id) => ({ id })), removeUsers: [{ id: member }] },
    });
    expect(fits.statusCode).toBe(200);
    expect(fits.json().userCount).toBe(2);
  });

  it('refuses another tenant’s user, an unknown user and a non-member to remove, saving nothing', async () => {
    const { u, groupId, otherGroup } = await setup();
    const mine = await createUser(t, u);
    const elsewhere = await createUser(t, u, { groupId: otherGroup });
    const stranger = await createTenantWithUser(t);
    const theirs = await createUser(t, stranger);
    for (const id of [theirs, randomUUID()]) {
      const res = await api.call(u, groupEndpoints.update, {
        params: { id: groupId },
        body: { name: 'Not saved', addUsers: [{ id: mine }, { id }] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().fields).toEqual({ addUsers: NOT_FOUND.user });
    }
    const notMember = await api.call(u, groupEndpoints.update, {
      params: { id: groupId },
      body: { name: 'Not saved', addUsers: [{ id: mine }], removeUsers: [{ id: elsewhere }] },
    });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().fields).toEqual({ removeUsers: REFUSALS.group.userNotMember });
    expect((await groupNamed(u, groupId)).name).toBe('Team one');
    expect(await groupOf(t, u.tenantId, mine)).toBeNull();
    expect(await groupOf(t, u.tenantId, elsewhere)).toBe(otherGroup);
    expect(await groupOf(t, stranger.tenantId, theirs)).toBeNull();
  });

  it('refuses a user both added and removed (400 at the field)', async () => {
    const { u, groupId } = await setup();
    const user = await createUser(t, u, { groupId });
    const res = await api.call(u, groupEndpoints.update, {
      params: { id: groupId },
      body: { addUsers: [{ id: user }], removeUsers: [{ id: user }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ removeUsers: MESSAGES.groupUserAddedAndRemoved });
  });

  it('answers 404 for another tenant’s group and 403 to a non-administrator, moving nobody', async () => {
    const { u, groupId } = await setup();
    const user = await createUser(t, u);
    const other = await createTenantWithUser(t);
    const theirUser = await createUser(t, other);
    const foreign = await api.call(other, groupEndpoints.update, {
      params: { id: groupId },
      body: { addUsers: [{ id: theirUser }] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await groupOf(t, other.tenantId, theirUser)).toBeNull();
    const member = await createTenantWithUser(t, { isAdmin: false, inTenant: u.tenantId });
    const refused = await api.call(member, groupEndpoints.update, {
      params: { id: groupId },
      body: { addUsers: [{ id: user }] },
    });
    expect(refused.statusCode).toBe(403);
    expect(await groupOf(t, u.tenantId, user)).toBeNull();
  });
});
