import { groupEndpoints, licenseEndpoints, roleEndpoints, userEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { licenses, roles } from '../../db/schema/index.js';
import { createRole } from '../roles/roles.test-helpers.js';
import { oktaUser, patch, SCIM_ERROR, type ScimClient, scimFor } from './scim.test-helpers.js';

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

describe('SCIM groups', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const groupOf = async (admin: TestUser, userId: string) =>
    (await api.call(admin, userEndpoints.get, { params: { id: userId } })).result().groupId;

  async function provision(scim: ScimClient, admin: TestUser, name: string) {
    const res = await scim('POST', '/Users', oktaUser(`${name}-${admin.tenantId.slice(0, 6)}@example.com`));
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  /** A role of a DevOps level, set straight in the table (its permissions call is tested elsewhere). */
  async function devopsRole(admin: TestUser, name: string) {
    const id = await createRole(t, admin, name);
    await t.database.tenant(admin.tenantId, (tx) =>
      tx.update(roles).set({ devopsFullAccess: true }).where(eq(roles.id, id)),
    );
    return id;
  }

  it('creates a group with the least privileged role and moves members as Okta and Entra ID do', async () => {
    const admin = await createTenantWithUser(t);
    await devopsRole(admin, 'DevOps engineers');
    const viewer = await createRole(t, admin, 'Viewers');
    const { scim } = await scimFor(t, admin);
    const ada = await provision(scim, admin, 'ada');
    const bob = await provision(scim, admin, 'bob');

    const created = await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Engineering',
      members: [],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({
      schemas: [GROUP_SCHEMA],
      displayName: 'Engineering',
      members: [],
      meta: { resourceType: 'Group' },
    });
    const inConsole = (await api.call(admin, groupEndpoints.get, { params: { id: group.id } })).result();
    expect(inConsole.roleId).toBe(viewer);

    // Okta: add, then remove by a value filter in the path.
    const added = await scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch({ op: 'add', path: 'members', value: [{ value: ada }, { value: bob }] }),
    );
    expect(added.statusCode).toBe(200);
    expect(
      added
        .json()
        .members.map((m: { value: string }) => m.value)
        .sort(),
    ).toEqual([ada, bob].sort());
    expect(await groupOf(admin, ada)).toBe(group.id);
    await scim('PATCH', `/Groups/${group.id}`, patch({ op: 'remove', path: `members[value eq "${bob}"]` }));
    expect(await groupOf(admin, bob)).toBeNull();
    expect((await scim('GET', `/Users/${ada}`)).json().groups).toEqual([
      expect.objectContaining({ value: group.id, display: 'Engineering' }),
    ]);

    // Entra ID: capitalised ops, members removed by value; adding to another group moves the user.
    const other = (await scim('POST', '/Groups', { displayName: 'Support' })).json();
    await scim(
      'PATCH',
      `/Groups/${other.id}`,
      patch({ op: 'Add', path: 'members', value: [{ value: ada }] }),
    );
    expect(await groupOf(admin, ada)).toBe(other.id);
    expect((await scim('GET', `/Groups/${group.id}`)).json().members).toEqual([]);
    await scim(
      'PATCH',
      `/Groups/${other.id}`,
      patch({ op: 'Remove', path: 'members', value: [{ value: ada }] }),
    );
    expect(await groupOf(admin, ada)).toBeNull();

    // displayName replaced; list filtered by it; members left out when asked.
    await scim(
      'PATCH',
      `/Groups/${other.id}`,
      patch({ op: 'Replace', path: 'displayName', value: 'Customer support' }),
    );
    await scim(
      'PATCH',
      `/Groups/${other.id}`,
      patch({ op: 'add', path: 'members', value: [{ value: bob }] }),
    );
    const listed = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "customer support"')}&excludedAttributes=members`,
    );
    expect(listed.json()).toMatchObject({
      totalResults: 1,
      Resources: [{ id: other.id, displayName: 'Customer support' }],
    });
    expect(listed.json().Resources[0].members).toBeUndefined();
    expect((await scim('GET', '/Groups?count=1')).json()).toMatchObject({ totalResults: 2, itemsPerPage: 1 });

    // A taken name, an unknown member.
    const taken = await scim('POST', '/Groups', { displayName: 'engineering' });
    expect(taken.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '409', scimType: 'uniqueness' });
    const unknown = await scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch({ op: 'add', path: 'members', value: [{ value: admin.tenantId }] }),
    );
    // A value in the body, not a missing group: a 404 would tell the client the group is gone.
    expect(unknown.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '400', scimType: 'invalidValue' });

    expect((await scim('DELETE', `/Groups/${other.id}`)).statusCode).toBe(204);
    expect(await groupOf(admin, bob)).toBeNull();
    expect((await scim('GET', `/Groups/${other.id}`)).statusCode).toBe(404);
  });

  it('refuses a member the seats of the group role cannot take, and hides other tenants', async () => {
    const admin = await createTenantWithUser(t);
    await api.call(admin, licenseEndpoints.enableTrial, { body: { product: 'devOps' } });
    await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .update(licenses)
        .set({
          limits: [
            { name: 'devopsFullAccess', label: 'Full access', available: 1 },
            { name: 'devopsReadAccess', label: 'Read access', available: 1 },
          ],
        })
        .where(eq(licenses.tenantId, admin.tenantId)),
    );
    const roleId = await devopsRole(admin, 'DevOps engineers');
    const groupId = (
      await api.call(admin, groupEndpoints.create, { body: { name: 'DevOps', roleId } })
    ).result().id;
    const { scim } = await scimFor(t, admin);
    const ada = await provision(scim, admin, 'ada');
    const bob = await provision(scim, admin, 'bob');

    expect(
      (
        await scim(
          'PATCH',
          `/Groups/${groupId}`,
          patch({ op: 'add', path: 'members', value: [{ value: ada }] }),
        )
      ).statusCode,
    ).toBe(200);
    const refused = await scim(
      'PATCH',
      `/Groups/${groupId}`,
      patch({ op: 'add', path: 'members', value: [{ value: bob }] }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      schemas: [SCIM_ERROR],
      status: '409',
      detail: 'Not enough DevOps seats: 0 available, 1 needed.',
    });
    expect(await groupOf(admin, bob)).toBeNull();

    const other = await createTenantWithUser(t);
    const { scim: otherScim } = await scimFor(t, other);
    expect((await otherScim('GET', `/Groups/${groupId}`)).statusCode).toBe(404);
    expect(
      (await otherScim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "DevOps"')}`)).json()
        .totalResults,
    ).toBe(0);
    const intrude = await otherScim(
      'PATCH',
      `/Groups/${groupId}`,
      patch({ op: 'remove', path: `members[value eq "${ada}"]` }),
    );
    expect(intrude.statusCode).toBe(404);
    expect(await groupOf(admin, ada)).toBe(groupId);
  });

  it('gives a tenant without a role one "Read only" role for its pushed groups, once however many ask at once', async () => {
    const admin = await createTenantWithUser(t);
    const { scim } = await scimFor(t, admin);
    const names = ['Sales', 'Finance', 'Legal', 'Research'];
    const created = await Promise.all(
      names.map((displayName) => scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName })),
    );
    expect(created.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const tenantRoles = (await api.call(admin, roleEndpoints.list, { query: {} })).result().roles;
    expect(tenantRoles).toEqual([
      expect.objectContaining({ name: 'Read only', description: expect.stringContaining('SCIM') }),
    ]);
    for (const res of created) {
      const group = (await api.call(admin, groupEndpoints.get, { params: { id: res.json().id } })).result();
      expect(group.roleId).toBe(tenantRoles[0]!.id);
    }
    // It grants no service access (no licence seat, no connection right).
    const role = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(roles).where(eq(roles.id, tenantRoles[0]!.id)),
    );
    expect(role[0]).toMatchObject({
      backupFullAccess: false,
      devopsFullAccess: false,
      devopsReadAccess: false,
    });
  });
});
