import { randomUUID } from 'node:crypto';
import * as contract from '@skyvault/contract';
import { API_TOKEN_MESSAGES, buildPath, type EndpointDef } from '@skyvault/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, withToken } from '../src/modules/api-tokens/api-tokens.test-helpers.js';
import { call, createTenantWithUser, createTestApp, type TestApp, type TestUser } from './app.js';

/**
 * The access rule is declared on each endpoint descriptor (`access`, `service`) and enforced by the one
 * `route()` that registers it, before any input is validated. These tests walk every descriptor the
 * contract exports, so an endpoint added tomorrow is checked here without a test of its own: no session
 * answers 401, a non-administrator 403 on an admin endpoint, a tenant without the service 403.
 */
const endpoints: [string, EndpointDef][] = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([group, members]) =>
    Object.entries(members as Record<string, EndpointDef>).map(([name, endpoint]): [string, EndpointDef] => [
      `${group}.${name} ${endpoint.method} ${endpoint.path}`,
      endpoint,
    ]),
  );

/** The path with every `:param` filled by an id that exists nowhere. */
const pathOf = (endpoint: EndpointDef) =>
  buildPath(
    endpoint.path,
    Object.fromEntries(
      [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => [name, randomUUID()]),
    ),
  );

const send = (t: TestApp, endpoint: EndpointDef, user?: TestUser) =>
  call(t, {
    method: endpoint.method,
    url: pathOf(endpoint),
    ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
    ...(user ? { cookie: user.cookie } : {}),
  });

let t: TestApp;
let member: TestUser;
let withoutServices: TestUser;
const tokens = { read: '', admin: '', scim: '' };

beforeAll(async () => {
  t = await createTestApp();
  member = await createTenantWithUser(t, { isAdmin: false });
  withoutServices = await createTenantWithUser(t, { services: [] });
  const owner = await createTenantWithUser(t);
  for (const scope of ['read', 'admin', 'scim'] as const) {
    tokens[scope] = (await createApiToken(t, owner, { scope })).token;
  }
});

const sendWithToken = (endpoint: EndpointDef, token: string) =>
  withToken(t, token, {
    method: endpoint.method,
    url: pathOf(endpoint),
    ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
  });
afterAll(() => t.close());

describe('the access declared on every endpoint', () => {
  it('finds the endpoints of every resource', () => {
    expect(endpoints.length).toBeGreaterThan(80);
  });

  it.each(endpoints.filter(([, e]) => e.access !== 'public'))('%s needs a session', async (_, endpoint) => {
    const res = await send(t, endpoint);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_SESSION_EXCEPTION');
  });

  it.each(endpoints.filter(([, e]) => e.access === 'admin'))(
    '%s refuses a user who is not an administrator',
    async (_, endpoint) => {
      const res = await send(t, endpoint, member);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_ACCESS');
    },
  );

  it.each(endpoints.filter(([, e]) => e.service !== undefined))(
    '%s refuses a tenant without its service',
    async (_, endpoint) => {
      const res = await send(t, endpoint, withoutServices);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SERVICE_NOT_ENABLED');
    },
  );

  it.each(endpoints.filter(([, e]) => e.sessionOnly))(
    '%s refuses an API token of any scope',
    async (_, endpoint) => {
      for (const token of [tokens.admin, tokens.read]) {
        const res = await sendWithToken(endpoint, token);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(API_TOKEN_MESSAGES.sessionOnly);
      }
    },
  );

  it.each(endpoints.filter(([, e]) => e.access !== 'public' && !e.sessionOnly && e.method !== 'GET'))(
    '%s refuses a read token',
    async (_, endpoint) => {
      const res = await sendWithToken(endpoint, tokens.read);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(API_TOKEN_MESSAGES.readOnly);
    },
  );

  it.each(endpoints.filter(([, e]) => e.access !== 'public' && !e.sessionOnly))(
    '%s refuses a SCIM token',
    async (_, endpoint) => {
      const res = await sendWithToken(endpoint, tokens.scim);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(API_TOKEN_MESSAGES.scimOnly);
    },
  );

  it('registers a route for every descriptor', () => {
    const missing = endpoints.filter(([, e]) => !t.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map(([name]) => name)).toEqual([]);
  });
});
