import { groupEndpoints, licenseEndpoints, userEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { licenses, roles } from '../../db/schema/index.js';
import { createRole, permissionsBody, seedGroup, seedUser } from '../roles/roles.test-helpers.js';
import { countDevopsSeatsInUse } from './seats.service.js';

// Changes that take seats at the same moment, in separate transactions (on PostgreSQL each request has
// its own connection): the seats left must be counted by one of them at a time.
describe('DevOps seats under simultaneous changes', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const seats = (u: TestUser) => t.database.tenant(u.tenantId, (tx) => countDevopsSeatsInUse(u.tenantId, tx));

  async function tenantWithSeats(full: number) {
    const u = await createTenantWithUser(t);
    await api.call(u, licenseEndpoints.enableTrial, { body: { product: 'devOps' } });
    await t.database.tenant(u.tenantId, (tx) =>
      tx
        .update(licenses)
        .set({
          limits: [
            { name: 'devopsFullAccess', label: 'Full access', available: full },
            { name: 'devopsReadAccess', label: 'Read access', available: 5 },
          ],
        })
        .where(eq(licenses.tenantId, u.tenantId)),
    );
    return u;
  }

  async function roleOf(u: TestUser, name: string, full: boolean) {
    const id = await createRole(t, u, name);
    await t.database.tenant(u.tenantId, (tx) =>
      tx.update(roles).set({ devopsFullAccess: full }).where(eq(roles.id, id)),
    );
    return id;
  }

  it('lets only as many simultaneous additions into a group through as there are seats', async () => {
    const u = await tenantWithSeats(2);
    const groupId = await seedGroup(t, u.tenantId, await roleOf(u, 'Full', true), 'Seated');
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => seedUser(t, u.tenantId)));
    const answers = await Promise.all(
      people.map((p) =>
        api.call(u, groupEndpoints.addUsers, {
          params: { id: groupId },
          body: { users: [{ id: p.userId }] },
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([204, 204, 409, 409, 409, 409]);
    expect(await seats(u)).toEqual({ full: 2, read: 0 });
  });

  it('counts users added while a role is raised to Full access, whichever comes first', async () => {
    const u = await tenantWithSeats(3);
    const roleId = await roleOf(u, 'Raised', false);
    const groupId = await seedGroup(t, u.tenantId, roleId, 'Growing');
    await Promise.all([1, 2].map(() => seedUser(t, u.tenantId, { groupId })));
    const joining = await Promise.all([1, 2, 3].map(() => seedUser(t, u.tenantId)));
    const fullBody = permissionsBody(
      { backupFullAccess: true, devopsFullAccess: true },
      { pullRequests: 'Contribute', pipelines: 'Manage' },
    );
    const [raised, ...added] = await Promise.all([
      api.send(u, 'PATCH', `/api/v1/roles/${roleId}/permissions`, fullBody),
      ...joining.map((p) =>
        api.call(u, groupEndpoints.addUsers, {
          params: { id: groupId },
          body: { users: [{ id: p.userId }] },
        }),
      ),
    ]);
    const taken = await seats(u);
    // Whatever the order, the licence's 3 seats are never passed.
    expect(taken.full).toBeLessThanOrEqual(3);
    if (raised!.statusCode === 200)
      expect(taken.full).toBe(2 + added.filter((r) => r.statusCode === 204).length);
    else expect(raised!.statusCode).toBe(409);
  });

  it('answers every simultaneous change of a group and of its users, without a deadlock between them', async () => {
    const u = await tenantWithSeats(20);
    const fullRole = await roleOf(u, 'Full', true);
    const answers = [];
    for (let round = 0; round < 3; round++) {
      const from = await seedGroup(t, u.tenantId, fullRole, `From ${round}`);
      const to = await seedGroup(t, u.tenantId, fullRole, `To ${round}`);
      const members = await Promise.all([1, 2, 3].map(() => seedUser(t, u.tenantId, { groupId: from })));
      answers.push(
        ...(await Promise.all([
          api.call(u, groupEndpoints.update, {
            params: { id: from },
            body: { roleId: await roleOf(u, `Other ${round}`, false) },
          }),
          api.call(u, groupEndpoints.addUsers, {
            params: { id: to },
            body: { users: members.map((m) => ({ id: m.userId })) },
          }),
        ])),
      );
    }
    expect(answers.map((res) => res.statusCode).filter((code) => code >= 500)).toEqual([]);
  });

  it('answers a user moved while an administrator is demoted and moved, without a deadlock between them', async () => {
    const u = await tenantWithSeats(20);
    const fullRole = await roleOf(u, 'Full', true);
    const answers = [];
    for (let round = 0; round < 3; round++) {
      const [one, two] = [
        await seedGroup(t, u.tenantId, fullRole, `One ${round}`),
        await seedGroup(t, u.tenantId, fullRole, `Two ${round}`),
      ];
      const admin = await seedUser(t, u.tenantId, { isAdmin: true });
      answers.push(
        ...(await Promise.all([
          api.call(u, userEndpoints.update, {
            params: { id: admin.userId },
            body: { isAdmin: false, groupId: one },
          }),
          api.call(u, groupEndpoints.addUsers, {
            params: { id: two },
            body: { users: [{ id: admin.userId }] },
          }),
        ])),
      );
    }
    expect(answers.map((res) => res.statusCode).filter((code) => code >= 500)).toEqual([]);
  });
});
