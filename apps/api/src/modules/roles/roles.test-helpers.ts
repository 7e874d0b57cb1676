import { roleEndpoints } from '@skyvault/contract';
import { expect } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { signIn, type TestApp, type TestUser } from '../../../test/app.js';
import { connections, groups, roles, users } from '../../db/schema/index.js';

/** Creates a role through the API and answers its id. */
export async function createRole(t: TestApp, u: TestUser, name: string, description = '') {
  const res = await apiCaller(t).call(u, roleEndpoints.create, { body: { name, description } });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** Inserts roles directly, for list tests that need many, with chosen creation times. */
export async function seedRoles(t: TestApp, tenantId: string, names: string[]) {
  const start = Date.UTC(2024, 0, 1);
  await t.database.tenant(tenantId, (tx) =>
    tx.insert(roles).values(
      names.map((name, i) => ({
        tenantId,
        name,
        createdAt: new Date(start + i * 60_000),
        updatedAt: new Date(start + i * 60_000),
      })),
    ),
  );
}

/** Connections of the tenant (pending: no Salesforce login needed for permissions), answering their ids. */
export async function seedConnections(t: TestApp, tenantId: string, names: string[]) {
  const rows = await t.database.tenant(tenantId, (tx) =>
    tx
      .insert(connections)
      .values(names.map((name) => ({ tenantId, name, organizationType: 'Production' as const })))
      .returning({ id: connections.id }),
  );
  return rows.map((row) => row.id);
}

/** A group with this role (the groups module is not needed to give users a role). */
export async function seedGroup(t: TestApp, tenantId: string, roleId: string, name = 'Group A') {
  const [row] = await t.database.tenant(tenantId, (tx) =>
    tx.insert(groups).values({ tenantId, name, roleId }).returning({ id: groups.id }),
  );
  return row!.id;
}

let counter = 0;

/** Another user of the tenant, in a group or none, signed in. */
export async function seedUser(
  t: TestApp,
  tenantId: string,
  options: { groupId?: string | null; isAdmin?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const email = `member${counter}-${tenantId.slice(0, 8)}@example.com`;
  const [row] = await t.database.tenant(tenantId, (tx) =>
    tx
      .insert(users)
      .values({
        tenantId,
        email,
        firstName: 'Member',
        lastName: String(counter),
        status: 'Confirmed',
        isAdmin: options.isAdmin ?? false,
        groupId: options.groupId ?? null,
      })
      .returning({ id: users.id }),
  );
  const userId = row!.id;
  return { tenantId, tenantName: '', userId, email, cookie: await signIn(t, tenantId, userId) };
}

/** The permissions body with nothing granted beyond the licence levels. */
export const permissionsBody = (
  licenses: Partial<{ backupFullAccess: boolean; devopsFullAccess: boolean; devopsReadAccess: boolean }>,
  parts: {
    backup?: { id: string; [right: string]: unknown }[];
    devops?: { id: string; [right: string]: unknown }[];
    pullRequests?: string;
    pipelines?: string;
  } = {},
) => ({
  licenses: { backupFullAccess: false, devopsFullAccess: false, devopsReadAccess: false, ...licenses },
  dbr: {
    permissions: {
      connections: (parts.backup ?? []).map((row) => ({
        name: 'ignored',
        backupAndArchive: false,
        restore: false,
        export: false,
        appSettings: false,
        ...row,
      })),
    },
  },
  devops: {
    permissions: {
      pullRequests: parts.pullRequests ?? 'Read',
      pipelines: parts.pipelines ?? 'ReadAndExecute',
      connections: (parts.devops ?? []).map((row) => ({
        name: 'ignored',
        retrieve: false,
        validate: false,
        deploy: false,
        ...row,
      })),
    },
  },
});
