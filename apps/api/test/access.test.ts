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

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Whether a field holds free text (not a date or an id), once optional, nullable and default are unwrapped. */
const isText = (schema: unknown): boolean => {
  const def = defOf(schema);
  return def.innerType ? isText(def.innerType) : def.type === 'string' && !def.format;
};

/** Every text field an answer of this schema may carry, by name, at any depth. */
function textFields(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const children = [def.innerType, def.element, def.in, def.out, def.left, def.right, def.valueType];
  if (Array.isArray(def.options)) children.push(...def.options);
  const shape = (def.shape ?? {}) as Record<string, unknown>;
  return [
    ...Object.entries(shape)
      .filter(([, field]) => isText(field))
      .map(([name]) => name),
    ...[...Object.values(shape), ...children].flatMap((child) => textFields(child, seen)),
  ];
}

/** Names that say a text field holds a secret. */
const SECRET_NAME = /secret|password|^token$|privateKey/i;

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
      for (const token of [tokens.admin, tokens.read, tokens.scim]) {
        const res = await sendWithToken(endpoint, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'INSUFFICIENT_ACCESS',
          message: API_TOKEN_MESSAGES.sessionOnly,
        });
      }
    },
  );

  // What a leaked admin token must never reach (docs/api-tokens.md): each of these is sessionOnly.
  it.each([
    'userEndpoints.resetPassword',
    'userMfaEndpoints.reset',
    'authPolicyEndpoints.update',
    'identityProviderEndpoints.create',
    'identityProviderEndpoints.update',
    'identityProviderEndpoints.remove',
    'ipRangeEndpoints.create',
    'ipRangeEndpoints.update',
    'ipRangeEndpoints.remove',
    'domainEndpoints.create',
    'domainEndpoints.verify',
    'domainEndpoints.remove',
    'webhookEndpoints.create',
    'webhookEndpoints.rotateSecret',
    'apiTokenEndpoints.create',
  ])('%s is for a signed-in person only', (name) => {
    const found = endpoints.find(([key]) => key.startsWith(`${name} `));
    expect(found?.[1].sessionOnly, name).toBe(true);
  });

  it('gives a read token no answer that carries a secret unmasked', () => {
    const reachable = endpoints.filter(
      ([, e]) => e.access !== 'public' && !e.sessionOnly && e.method === 'GET',
    );
    const unmasked = reachable.flatMap(([name, e]) =>
      textFields(e.response)
        .filter((field) => SECRET_NAME.test(field) && !e.secretFields?.includes(field))
        .map((field) => `${name}: ${field}`),
    );
    expect([...new Set(unmasked)]).toEqual([]);
  });

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
