import { randomUUID } from 'node:crypto';
import { permissionEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, useTestApp } from '../../../test/app.js';
import { roles } from '../../db/schema/index.js';
import {
  createRole,
  permissionsBody,
  seedConnections,
  seedGroup,
  seedUser,
} from '../roles/roles.test-helpers.js';

describe('effective permissions', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  /** A role with rights on two connections, given to a group with one member. */
  async function setUp(licenses: Parameters<typeof permissionsBody>[0], services?: string[]) {
    const admin = await createTenantWithUser(t, services ? { services } : {});
    const [org, sandbox] = await seedConnections(t, admin.tenantId, ['prod-org', 'sandbox-org']);
    const roleId = await createRole(t, admin, 'Releasers');
    const full = licenses.devopsFullAccess === true;
    const body = permissionsBody(licenses, {
      backup:
        services?.includes('backup') === false ? [] : [{ id: org!, backupAndArchive: true, restore: true }],
      devops: services?.includes('devOps') === false ? [] : [{ id: sandbox!, retrieve: full, deploy: full }],
      ...(full ? { pullRequests: 'Contribute', pipelines: 'Manage' } : {}),
    });
    expect((await api.send(admin, 'PATCH', `/api/v1/roles/${roleId}/permissions`, body)).statusCode).toBe(
      200,
    );
    const groupId = await seedGroup(t, admin.tenantId, roleId);
    const member = await seedUser(t, admin.tenantId, { groupId });
    return { admin, member, roleId, groupId, org: org!, sandbox: sandbox! };
  }

  it("answers a member's rights through group → role, to an administrator and to the member", async () => {
    const { admin, member, roleId, groupId, org, sandbox } = await setUp({
      backupFullAccess: true,
      devopsFullAccess: true,
    });
    const expected = {
      userId: member.userId,
      roleId,
      groupId,
      backup: {
        licensed: true,
        connections: [
          {
            id: org,
            name: 'prod-org',
            backupAndArchive: true,
            restore: true,
            export: false,
            appSettings: false,
          },
        ],
      },
      devOps: {
        level: 'full',
        pullRequests: 'Contribute',
        pipelines: 'Manage',
        connections: [{ id: sandbox, name: 'sandbox-org', retrieve: true, validate: false, deploy: true }],
      },
    };
    const res = await api.call(admin, permissionEndpoints.ofUser, { params: { id: member.userId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
    const own = await api.call(member, permissionEndpoints.mine);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(expected);
  });

  it('answers the read level with read settings', async () => {
    const { member } = await setUp({ backupFullAccess: true, devopsReadAccess: true });
    const { devOps } = (await api.call(member, permissionEndpoints.mine)).json();
    expect(devOps).toMatchObject({ level: 'read', pullRequests: 'Read', pipelines: 'ReadAndExecute' });
    expect(devOps.connections).toEqual([
      expect.objectContaining({ retrieve: false, validate: false, deploy: false }),
    ]);
  });

  it('gives no connection rights without the licence level, nor to a user without a group', async () => {
    const { admin, member, roleId } = await setUp({ backupFullAccess: true, devopsFullAccess: true });
    // The rows stay stored, but a role that loses a product's licence level grants none of them.
    await t.database.tenant(admin.tenantId, (tx) =>
      tx.update(roles).set({ backupFullAccess: false, devopsFullAccess: false }).where(eq(roles.id, roleId)),
    );
    expect((await api.call(member, permissionEndpoints.mine)).json()).toMatchObject({
      backup: { licensed: false, connections: [] },
      devOps: { level: null, pullRequests: 'Read', pipelines: 'ReadAndExecute', connections: [] },
    });
    const loner = await seedUser(t, admin.tenantId);
    expect(
      (await api.call(admin, permissionEndpoints.ofUser, { params: { id: loner.userId } })).json(),
    ).toEqual({
      userId: loner.userId,
      roleId: null,
      groupId: null,
      backup: { licensed: false, connections: [] },
      devOps: { level: null, pullRequests: 'Read', pipelines: 'ReadAndExecute', connections: [] },
    });
  });

  it('answers null for a service the tenant lacks', async () => {
    const { member } = await setUp({ devopsReadAccess: true }, ['devOps']);
    const own = (await api.call(member, permissionEndpoints.mine)).json();
    expect(own.backup).toBeNull();
    expect(own.devOps.level).toBe('read');
  });

  it("answers 404 for another tenant's user, 403 to a member asking about someone, 401 without a session", async () => {
    const { member } = await setUp({ backupFullAccess: true, devopsFullAccess: true });
    const stranger = await createTenantWithUser(t);
    expect(
      (await api.call(stranger, permissionEndpoints.ofUser, { params: { id: member.userId } })).statusCode,
    ).toBe(404);
    expect(
      (await api.call(stranger, permissionEndpoints.ofUser, { params: { id: randomUUID() } })).statusCode,
    ).toBe(404);
    const asked = await api.call(member, permissionEndpoints.ofUser, { params: { id: member.userId } });
    expect(asked.statusCode).toBe(403);
    for (const url of [`/api/v1/users/${member.userId}/permissions`, '/api/v1/auth/session/permissions']) {
      expect((await call(t, { method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
