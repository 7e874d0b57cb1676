import { MESSAGES } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents, connections, roleConnectionPermissions } from '../../db/schema/index.js';
import { CONNECTION_NOT_FOUND } from './role-permissions.service.js';
import { createRole, permissionsBody, seedConnections } from './roles.test-helpers.js';

describe('role permissions', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const url = (id: string) => `/api/v1/roles/${id}/permissions`;
  const save = (u: TestUser, id: string, body: object) => api.send(u, 'PATCH', url(id), body);
  const read = async (u: TestUser, id: string) => (await api.send(u, 'GET', url(id))).json();
  const storedRows = (u: TestUser, roleId: string) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(roleConnectionPermissions).where(eq(roleConnectionPermissions.roleId, roleId)),
    );

  /** A tenant with both services, a role and three connections. */
  async function setUp(services?: string[]) {
    const u = await createTenantWithUser(t, services ? { services } : {});
    const roleId = await createRole(t, u, 'Operators');
    const [alpha, beta, gamma] = await seedConnections(t, u.tenantId, ['beta-org', 'Alpha-org', 'gamma']);
    return { u, roleId, alpha: alpha!, beta: beta!, gamma: gamma! };
  }

  it('answers a new role with no licence, no rows and the least DevOps access', async () => {
    const { u, roleId } = await setUp();
    expect(await read(u, roleId)).toEqual({
      licenses: { roleId, backupFullAccess: false, devopsFullAccess: false, devopsReadAccess: false },
      dbr: { permissions: { connections: [] } },
      devops: { permissions: { pullRequests: 'Read', pipelines: 'ReadAndExecute', connections: [] } },
    });
  });

  it('saves licences, DevOps settings and rows with the connections’ own names, and audits it', async () => {
    const { u, roleId, alpha, beta, gamma } = await setUp();
    const body = permissionsBody(
      { backupFullAccess: true, devopsFullAccess: true },
      {
        backup: [
          { id: alpha, backupAndArchive: true, export: true },
          { id: beta, restore: true, appSettings: true },
        ],
        devops: [{ id: gamma, retrieve: true, deploy: true }],
        pullRequests: 'Contribute',
        pipelines: 'Manage',
      },
    );
    const res = await save(u, roleId, body);
    expect(res.statusCode).toBe(200);
    const expected = {
      licenses: { roleId, backupFullAccess: true, devopsFullAccess: true, devopsReadAccess: false },
      dbr: {
        permissions: {
          // Ordered by name, whatever the order sent; names come from the connections.
          connections: [
            {
              id: beta,
              name: 'Alpha-org',
              backupAndArchive: false,
              restore: true,
              export: false,
              appSettings: true,
            },
            {
              id: alpha,
              name: 'beta-org',
              backupAndArchive: true,
              restore: false,
              export: true,
              appSettings: false,
            },
          ],
        },
      },
      devops: {
        permissions: {
          pullRequests: 'Contribute',
          pipelines: 'Manage',
          connections: [{ id: gamma, name: 'gamma', retrieve: true, validate: false, deploy: true }],
        },
      },
    };
    expect(res.json()).toEqual(expected);
    expect(await read(u, roleId)).toEqual(expected);

    const [event] = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'update-permissions'), eq(auditEvents.targetId, roleId))),
    );
    expect(event?.changes).toMatchObject({
      backupFullAccess: { before: false, after: true },
      pipelines: { before: 'ReadAndExecute', after: 'Manage' },
      devopsConnections: {
        before: [],
        after: [{ id: gamma, retrieve: true, validate: false, deploy: true }],
      },
    });
  });

  it("replaces the role's rows on each save", async () => {
    const { u, roleId, alpha, beta } = await setUp();
    await save(
      u,
      roleId,
      permissionsBody(
        { backupFullAccess: true, devopsFullAccess: true },
        { backup: [{ id: alpha }, { id: beta }] },
      ),
    );
    const res = await save(
      u,
      roleId,
      permissionsBody(
        { backupFullAccess: true, devopsFullAccess: true },
        { backup: [{ id: beta, restore: true }] },
      ),
    );
    expect(res.json().dbr.permissions.connections).toEqual([
      {
        id: beta,
        name: 'Alpha-org',
        backupAndArchive: false,
        restore: true,
        export: false,
        appSettings: false,
      },
    ]);
    expect(await storedRows(u, roleId)).toHaveLength(1);
  });

  it('drops the rows of a deleted connection', async () => {
    const { u, roleId, alpha } = await setUp();
    await save(
      u,
      roleId,
      permissionsBody({ backupFullAccess: true, devopsReadAccess: true }, { devops: [{ id: alpha }] }),
    );
    await t.database.tenant(u.tenantId, (tx) => tx.delete(connections).where(eq(connections.id, alpha)));
    expect((await read(u, roleId)).devops.permissions.connections).toEqual([]);
  });

  describe('the read licence, enforced by the server too', () => {
    it.each([
      ['retrieve', { devops: [{ id: 'ALPHA', retrieve: true }] }],
      ['validate', { devops: [{ id: 'ALPHA', validate: true }] }],
      ['deploy', { devops: [{ id: 'ALPHA', deploy: true }] }],
      ['Manage pipelines', { pipelines: 'Manage' }],
      ['Contribute to pull requests', { pullRequests: 'Contribute' }],
    ])('refuses %s with read access', async (_, parts) => {
      const { u, roleId, alpha } = await setUp();
      const withId = {
        ...parts,
        devops: 'devops' in parts ? parts.devops.map((row) => ({ ...row, id: alpha })) : undefined,
      };
      const res = await save(
        u,
        roleId,
        permissionsBody({ backupFullAccess: true, devopsReadAccess: true }, withId),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: MESSAGES.devopsReadAccessLimits,
        fields: { 'devops.permissions': MESSAGES.devopsReadAccessLimits },
      });
      expect(await storedRows(u, roleId)).toEqual([]);
      expect((await read(u, roleId)).licenses.devopsReadAccess).toBe(false);
    });

    it('takes read access with executions, reading and rows without retrieve, validate or deploy', async () => {
      const { u, roleId, alpha } = await setUp();
      const res = await save(
        u,
        roleId,
        permissionsBody({ backupFullAccess: true, devopsReadAccess: true }, { devops: [{ id: alpha }] }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().licenses.devopsReadAccess).toBe(true);
    });

    it('refuses full and read access together', async () => {
      const { u, roleId } = await setUp();
      const res = await save(
        u,
        roleId,
        permissionsBody({ backupFullAccess: true, devopsFullAccess: true, devopsReadAccess: true }),
      );
      expect(res.json()).toMatchObject({
        statusCode: 400,
        fields: { licenses: MESSAGES.licenceLevelConflict },
      });
    });
  });

  it.each([
    ['Backup', { devopsFullAccess: true }],
    ['DevOps', { backupFullAccess: true }],
    ['both', {}],
  ])('refuses a save without a licence level for %s', async (_, licenses) => {
    const { u, roleId } = await setUp();
    const res = await save(u, roleId, permissionsBody(licenses));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Licenses must be selected to proceed.',
      fields: { licenses: 'Licenses must be selected to proceed.' },
    });
  });

  it("answers 404 for another tenant's connection or an unknown one, changing nothing", async () => {
    const { u, roleId, alpha } = await setUp();
    const [foreign] = await seedConnections(t, (await createTenantWithUser(t)).tenantId, ['theirs']);
    for (const id of [foreign!, '00000000-0000-4000-8000-000000000000']) {
      const res = await save(
        u,
        roleId,
        permissionsBody(
          { backupFullAccess: true, devopsFullAccess: true },
          { backup: [{ id: alpha }, { id }] },
        ),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CONNECTION_NOT_FOUND);
    }
    expect(await storedRows(u, roleId)).toEqual([]);
    expect((await read(u, roleId)).licenses.backupFullAccess).toBe(false);
  });

  it("answers 404 for another tenant's role", async () => {
    const { roleId } = await setUp();
    const v = await createTenantWithUser(t);
    const res = await save(v, roleId, permissionsBody({ backupFullAccess: true, devopsFullAccess: true }));
    expect(res.statusCode).toBe(404);
  });

  it('refuses a connection listed twice in one service', async () => {
    const { u, roleId, alpha } = await setUp();
    const res = await save(
      u,
      roleId,
      permissionsBody(
        { backupFullAccess: true, devopsFullAccess: true },
        { devops: [{ id: alpha }, { id: alpha }] },
      ),
    );
    expect(res.json()).toMatchObject({
      statusCode: 400,
      fields: { 'devops.permissions.connections': 'Each connection can be listed once' },
    });
  });

  it('validates the body with the contract schema', async () => {
    const { u, roleId } = await setUp();
    const res = await save(u, roleId, { licenses: { backupFullAccess: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  describe('a tenant with one service', () => {
    it('refuses a part that grants anything in the service it lacks', async () => {
      const { u, roleId, alpha } = await setUp(['backup']);
      for (const body of [
        permissionsBody({ backupFullAccess: true, devopsFullAccess: true }),
        permissionsBody({ backupFullAccess: true }, { devops: [{ id: alpha }] }),
        permissionsBody({ backupFullAccess: true }, { pipelines: 'Manage' }),
      ]) {
        const res = await save(u, roleId, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual({ devops: 'DevOps is not enabled for your organization' });
      }
      const devopsOnly = await setUp(['devOps']);
      const res = await save(
        devopsOnly.u,
        devopsOnly.roleId,
        permissionsBody({ devopsFullAccess: true }, { backup: [{ id: devopsOnly.alpha }] }),
      );
      expect(res.json().fields).toEqual({ dbr: 'Backup & Archive is not enabled for your organization' });
    });

    it('needs a licence level only for its own service and saves only its part', async () => {
      const { u, roleId, alpha } = await setUp(['devOps']);
      const res = await save(
        u,
        roleId,
        permissionsBody({ devopsReadAccess: true }, { devops: [{ id: alpha }] }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        licenses: { backupFullAccess: false, devopsReadAccess: true },
        dbr: { permissions: { connections: [] } },
      });
      expect(res.json().devops.permissions.connections).toHaveLength(1);
    });
  });
});
