import { randomUUID } from 'node:crypto';
import * as contract from '@skyvault/contract';
import {
  ADMIN_ROLE_DEFINITIONS,
  ADMIN_ROLE_MESSAGES,
  ADMIN_ROLES,
  type AdminRole,
  buildPath,
  type EndpointDef,
} from '@skyvault/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenantWithUser, createTestApp, type TestApp, type TestUser } from './app.js';

/**
 * Every administrator endpoint × every built-in role, generated from the contract's declarations: the
 * role's permissions either include the endpoint's permission, and the call gets past the check, or
 * they do not, and it is answered 403 with the permission check's own message. An endpoint added
 * tomorrow is checked here too; a permission declared wrong, or a check that stopped working, fails.
 */
const adminEndpoints = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([group, members]) =>
    Object.entries(members as Record<string, EndpointDef>).map(([name, endpoint]) => ({
      name: `${group}.${name} ${endpoint.method} ${endpoint.path}`,
      endpoint,
    })),
  )
  .filter(({ endpoint }) => endpoint.access === 'admin');

const cases = adminEndpoints.flatMap(({ name, endpoint }) =>
  ADMIN_ROLES.map((role) => {
    const permission = endpoint.access === 'admin' ? endpoint.permission : undefined;
    const allowed = permission !== undefined && ADMIN_ROLE_DEFINITIONS[role].permissions.includes(permission);
    return [`${name} ${allowed ? 'lets' : 'refuses'} ${role}`, endpoint, role, allowed] as const;
  }),
);

/** The path with every `:param` filled by an id that exists nowhere: nothing real is touched. */
const pathOf = (endpoint: EndpointDef) =>
  buildPath(
    endpoint.path,
    Object.fromEntries(
      [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => [name, randomUUID()]),
    ),
  );

let t: TestApp;
const holders = {} as Record<AdminRole, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createTenantWithUser(t);
  holders.Owner = owner;
  for (const role of ADMIN_ROLES.filter((r) => r !== 'Owner')) {
    holders[role] = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: [role] });
  }
});
afterAll(() => t.close());

describe('what each built-in administrator role may call', () => {
  it('walks every administrator endpoint for every role', () => {
    expect(adminEndpoints.length).toBeGreaterThan(80);
    expect(cases.length).toBe(adminEndpoints.length * ADMIN_ROLES.length);
  });

  it.each(cases)('%s', async (_, endpoint, role, allowed) => {
    // A descriptor without its route yet is access.test.ts's to report ('registers a route for every descriptor').
    if (!t.app.hasRoute({ method: endpoint.method, url: endpoint.path })) return;
    const res = await call(t, {
      method: endpoint.method,
      url: pathOf(endpoint),
      ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
      cookie: holders[role].cookie,
    });
    const refusal = endpoint.access === 'admin' && ADMIN_ROLE_MESSAGES.missingPermission(endpoint.permission);
    if (allowed) {
      // Past the check: whatever the call answers next (404 for the made-up id, 400 for the empty body).
      expect(res.statusCode).not.toBe(401);
      expect(res.json?.()?.message).not.toBe(refusal);
      expect(res.statusCode).toBeLessThan(500);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_ACCESS', message: refusal });
    }
  });
});
