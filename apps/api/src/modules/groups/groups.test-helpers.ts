import { groupEndpoints, userEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { apiCaller } from '../../../test/api-caller.js';
import type { TestApp, TestUser } from '../../../test/app.js';
import { licenses, roles, users } from '../../db/schema/index.js';

/** A role of the tenant, inserted directly (the roles screens are tested on their own). */
export async function insertRole(
  t: TestApp,
  tenantId: string,
  name: string,
  levels: { devopsFullAccess?: boolean; devopsReadAccess?: boolean } = {},
) {
  const [row] = await t.database.tenant(tenantId, (tx) =>
    tx
      .insert(roles)
      .values({ tenantId, name, ...levels })
      .returning({ id: roles.id }),
  );
  return row!.id;
}

/** A DevOps licence with this many full-access seats. */
export async function grantDevopsSeats(t: TestApp, tenantId: string, full: number) {
  await t.database.tenant(tenantId, (tx) =>
    tx.insert(licenses).values({
      tenantId,
      product: 'Devops',
      edition: 'Enterprise',
      endsAt: new Date(Date.now() + 365 * 24 * 3600 * 1000),
      limits: [{ name: 'devopsFullAccess', label: 'Full access', available: full }],
    }),
  );
}

/** Creates a group through the API and answers its id. */
export async function createGroup(
  t: TestApp,
  u: TestUser,
  body: { name: string; description?: string; roleId: string },
) {
  return (await apiCaller(t).call(u, groupEndpoints.create, { body })).result().id;
}

let counter = 0;
/** Creates a user through the API (with a password, so no invitation) and answers its id. */
export async function createUser(
  t: TestApp,
  u: TestUser,
  body: { firstName?: string; lastName?: string; email?: string; groupId?: string; isAdmin?: boolean } = {},
) {
  counter += 1;
  const created = await apiCaller(t).call(u, userEndpoints.create, {
    body: {
      firstName: 'Grace',
      lastName: `Hopper ${counter}`,
      email: `person${counter}-${u.tenantId.slice(0, 6)}@example.com`,
      password: 'Secret-123!',
      ...body,
    },
  });
  return created.result().id;
}

/** The user's group id as stored. */
export async function groupOf(t: TestApp, tenantId: string, userId: string) {
  const [row] = await t.database.tenant(tenantId, (tx) =>
    tx
      .select({ groupId: users.groupId })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId))),
  );
  return row?.groupId ?? null;
}
