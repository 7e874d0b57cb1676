import { groupEndpoints, licenseEndpoints, TRIAL_LICENSES, userEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { licenses, roles, users } from '../../db/schema/index.js';
import { createRole, permissionsBody, seedGroup, seedUser } from '../roles/roles.test-helpers.js';
import { assertDevopsSeats, countDevopsSeatsInUse } from './seats.service.js';

describe('DevOps seats', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  /** A role of a DevOps level, set straight in the table (the permissions call is tested elsewhere). */
  async function roleOf(u: TestUser, name: string, level: 'full' | 'read' | null) {
    const id = await createRole(t, u, name);
    await t.database.tenant(u.tenantId, (tx) =>
      tx
        .update(roles)
        .set({ devopsFullAccess: level === 'full', devopsReadAccess: level === 'read' })
        .where(eq(roles.id, id)),
    );
    return id;
  }

  const seats = (u: TestUser) => t.database.tenant(u.tenantId, (tx) => countDevopsSeatsInUse(u.tenantId, tx));
  const assertSeats = (u: TestUser, roleId: string, addedUserIds: string[]) =>
    t.database.tenant(u.tenantId, (tx) => assertDevopsSeats(u.tenantId, tx, { roleId, addedUserIds }));
  const setLimits = (u: TestUser, full: number, read: number) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx
        .update(licenses)
        .set({
          limits: [
            { name: 'devopsFullAccess', label: 'Full access', available: full },
            { name: 'devopsReadAccess', label: 'Read access', available: read },
          ],
        })
        .where(eq(licenses.tenantId, u.tenantId)),
    );

  it('counts the users of groups whose role grants each level, and the licence shows them as used', async () => {
    const u = await createTenantWithUser(t);
    const full = await seedGroup(t, u.tenantId, await roleOf(u, 'Full', 'full'), 'Full group');
    const read = await seedGroup(t, u.tenantId, await roleOf(u, 'Read', 'read'), 'Read group');
    const none = await seedGroup(t, u.tenantId, await roleOf(u, 'Backup only', null), 'Other group');
    for (const groupId of [full, full, read, none, null]) await seedUser(t, u.tenantId, { groupId });
    expect(await seats(u)).toEqual({ full: 2, read: 1 });

    expect(
      (await api.call(u, licenseEndpoints.enableTrial, { body: { product: 'devOps' } })).statusCode,
    ).toBe(201);
    const { limits } = (await api.call(u, licenseEndpoints.get, { query: { service: 'Devops' } })).json()
      .license;
    expect(limits).toEqual([
      { name: 'devopsFullAccess', label: 'Full access', available: 5, used: 2 },
      { name: 'devopsReadAccess', label: 'Read access', available: 5, used: 1 },
    ]);
    // Another tenant's seats are its own.
    expect(await seats(await createTenantWithUser(t))).toEqual({ full: 0, read: 0 });
  });

  it('refuses to add more users than the seats left, counting only those who need a new seat', async () => {
    const u = await createTenantWithUser(t);
    await api.call(u, licenseEndpoints.enableTrial, { body: { product: 'devOps' } });
    await setLimits(u, 2, 1);
    const fullRole = await roleOf(u, 'Full', 'full');
    const otherFullRole = await roleOf(u, 'Full too', 'full');
    const readRole = await roleOf(u, 'Read', 'read');
    const seated = await seedUser(t, u.tenantId, { groupId: await seedGroup(t, u.tenantId, fullRole) });
    const a = await seedUser(t, u.tenantId);
    const b = await seedUser(t, u.tenantId);

    await expect(assertSeats(u, otherFullRole, [a.userId, b.userId])).rejects.toMatchObject({
      statusCode: 409,
      message: 'Not enough DevOps seats: 1 available, 2 needed.',
    });
    // Someone who moves between two full-access groups keeps their seat.
    await expect(assertSeats(u, otherFullRole, [seated.userId, a.userId, a.userId])).resolves.toBeUndefined();
    await expect(assertSeats(u, readRole, [a.userId])).resolves.toBeUndefined();
    await expect(assertSeats(u, readRole, [a.userId, b.userId])).rejects.toMatchObject({
      message: 'Not enough DevOps seats: 1 available, 2 needed.',
    });
    // A role without DevOps access takes no seat.
    await expect(
      assertSeats(u, await roleOf(u, 'None', null), [a.userId, b.userId]),
    ).resolves.toBeUndefined();
  });

  it('does not check without a DevOps licence or without that limit', async () => {
    const u = await createTenantWithUser(t);
    const fullRole = await roleOf(u, 'Full', 'full');
    const many = await Promise.all([1, 2, 3].map(() => seedUser(t, u.tenantId)));
    const ids = many.map((m) => m.userId);
    await expect(assertSeats(u, fullRole, ids)).resolves.toBeUndefined();
    await t.database.tenant(u.tenantId, (tx) =>
      tx.insert(licenses).values({
        tenantId: u.tenantId,
        product: 'Devops',
        edition: 'DevOps',
        endsAt: new Date(Date.now() + 86_400_000),
        limits: TRIAL_LICENSES.Devops.limits.filter((l) => l.name !== 'devopsFullAccess'),
      }),
    );
    await expect(assertSeats(u, fullRole, ids)).resolves.toBeUndefined();
    expect(await t.database.tenant(u.tenantId, (tx) => tx.select().from(users))).toHaveLength(4);
  });

  it('refuses to raise a role to Full access when the users of its groups would pass the seats, and changes nothing', async () => {
    const u = await createTenantWithUser(t);
    await api.call(u, licenseEndpoints.enableTrial, { body: { product: 'devOps' } });
    const roleId = await roleOf(u, 'Not yet licensed', null);
    const groupId = await seedGroup(t, u.tenantId, roleId, 'Filled first');
    const members = [];
    for (let i = 0; i < 7; i++) members.push(await seedUser(t, u.tenantId, { groupId }));

    const raised = await api.send(
      u,
      'PATCH',
      `/api/v1/roles/${roleId}/permissions`,
      permissionsBody(
        { backupFullAccess: true, devopsFullAccess: true },
        { pullRequests: 'Contribute', pipelines: 'Manage' },
      ),
    );
    expect(raised.statusCode).toBe(409);
    expect(raised.json().message).toBe('Not enough DevOps seats: 5 available, 7 needed.');
    expect(await seats(u)).toEqual({ full: 0, read: 0 });
    const [role] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(roles).where(eq(roles.id, roleId)),
    );
    expect(role!.devopsFullAccess).toBe(false);

    // With the group down to the seats there are, the same change passes.
    for (const member of members.slice(5)) {
      await t.database.tenant(u.tenantId, (tx) =>
        tx.update(users).set({ groupId: null }).where(eq(users.id, member.userId)),
      );
    }
    const fits = await api.send(
      u,
      'PATCH',
      `/api/v1/roles/${roleId}/permissions`,
      permissionsBody(
        { backupFullAccess: true, devopsFullAccess: true },
        { pullRequests: 'Contribute', pipelines: 'Manage' },
      ),
    );
    expect(fits.statusCode).toBe(200);
    expect(await seats(u)).toEqual({ full: 5, read: 0 });
  });

  it('gives a group a role of a licence level within the seats, since the change of role empties the group', async () => {
    const u = await createTenantWithUser(t);
    await api.call(u, licenseEndpoints.enableTrial, { body: { product: 'devOps' } });
    await setLimits(u, 1, 1);
    const fullRole = await roleOf(u, 'Full', 'full');
    await seedUser(t, u.tenantId, { groupId: await seedGroup(t, u.tenantId, fullRole, 'Seated') });
    const groupId = await seedGroup(t, u.tenantId, await roleOf(u, 'None', null), 'Moving');
    const res = await api.call(u, groupEndpoints.update, {
      params: { id: groupId },
      body: { roleId: fullRole },
    });
    // Changing a group's role removes its users, so no seat is taken and the change passes.
    expect(res.statusCode).toBe(200);
    expect(await seats(u)).toEqual({ full: 1, read: 0 });
  });

  it('keeps the seat of a disabled user, so enabling them again never passes the seats', async () => {
    const u = await createTenantWithUser(t);
    await api.call(u, licenseEndpoints.enableTrial, { body: { product: 'devOps' } });
    await setLimits(u, 1, 1);
    const groupId = await seedGroup(t, u.tenantId, await roleOf(u, 'Full', 'full'), 'One seat');
    const seated = await seedUser(t, u.tenantId, { groupId });
    expect(
      (
        await api.call(u, userEndpoints.update, {
          params: { id: seated.userId },
          body: { status: 'Disabled' },
        })
      ).statusCode,
    ).toBe(200);
    // The disabled user still holds the one seat: nobody else can take it meanwhile.
    const other = await seedUser(t, u.tenantId);
    const taken = await api.call(u, userEndpoints.update, {
      params: { id: other.userId },
      body: { groupId },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Not enough DevOps seats: 0 available, 1 needed.');
    expect(
      (
        await api.call(u, userEndpoints.update, {
          params: { id: seated.userId },
          body: { status: 'Confirmed' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await seats(u)).toEqual({ full: 1, read: 0 });
  });
});
