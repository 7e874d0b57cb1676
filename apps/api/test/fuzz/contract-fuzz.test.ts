import * as contract from '@skyvault/contract';
import { buildPath, type EndpointDef, isErrorBody } from '@skyvault/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, createTenantWithUser, createTestApp, type TestApp, type TestUser } from '../app.js';
import { startDnsServer, type TestDnsServer } from '../dns-server.js';
import { type OpenIdProvider, startOpenIdProvider } from '../openid-provider.js';
import { type SalesforceStandIn, startSalesforceStandIn } from '../salesforce-stand-in.js';
import { isContractText } from './contract-messages.js';
import { mutationsOf, NOT_IDS } from './mutations.js';
import { arbitraryOf, type Hints, type JsonSchema } from './schema-arbitrary.js';

/**
 * Every endpoint of the contract, called with requests drawn from its own zod schemas: valid ones and
 * near-misses (a field missing, of the wrong type, a length past its bound, a huge number, markup, SQL,
 * control characters, lone surrogates; path ids that are not ids). Whatever comes in, the API answers
 * without a 5xx or a stack trace; input the contract accepts is done or refused in the contract's words;
 * input it refuses is a 4xx naming the fields.
 *
 * Seeded and bounded for CI. A longer run: FUZZ_RUNS=500 FUZZ_TIME_LIMIT_MS=120000 npx vitest run
 * contract-fuzz; FUZZ_SEED=n replays the run a failure names.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 4000);
/** FUZZ_REPORT=1 prints, per endpoint, how many draws the contract took and the statuses answered. */
const REPORT = process.env.FUZZ_REPORT === '1';

type Named = { name: string; endpoint: EndpointDef };
const groups: [string, Named[]][] = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .map(([group, members]) => [
    group,
    Object.entries(members as Record<string, EndpointDef>).map(([name, endpoint]) => ({ name, endpoint })),
  ]);
const allEndpoints = groups.flatMap(([, members]) => members.map((m) => m.endpoint));

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

interface Draw {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
}

/** What the server sees of a drawn request: a JSON body as parsed, a query as its parser reads it. */
function asSent(draw: Draw) {
  const search = new URLSearchParams();
  if (draw.query && typeof draw.query === 'object')
    for (const [key, value] of Object.entries(draw.query)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
    }
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length > 1 ? values : values[0]!;
  }
  const body = draw.body === undefined ? undefined : JSON.stringify(draw.body);
  const params = Object.fromEntries(Object.entries(draw.params ?? {}).map(([k, v]) => [k, String(v)]));
  return { search: search.size ? `?${search}` : '', query, body, params };
}

/** Whether the contract takes this request, part by part, as the server would see it. */
function contractTakes(endpoint: EndpointDef, sent: ReturnType<typeof asSent>) {
  const takes = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;
  return (
    takes(endpoint.params, sent.params) &&
    takes(endpoint.query, sent.query) &&
    takes(endpoint.body, sent.body === undefined ? undefined : JSON.parse(sent.body))
  );
}

const STACK_TRACE = /\n\s+at |\bat [\w.<>]+ \(.*:\d+:\d+\)|node_modules|\.ts:\d+/;

/** The request and its answer in a line a reader can take in: long values cut short. */
const short = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text);

function expectSafeAnswer(res: LightMyRequestResponse, valid: boolean, request: string) {
  const what = `${short(request)} → ${res.statusCode} ${short(res.body)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.body, what).not.toMatch(STACK_TRACE);
  if (res.statusCode < 400) return;
  const body = res.json();
  expect(isErrorBody(body), what).toBe(true);
  expect(body.statusCode, what).toBe(res.statusCode);
  // Refused before any schema saw it: a rate limit, or a body the JSON parser will not take (a
  // `__proto__` key), which has no fields to name.
  if (res.statusCode === 429 || body.code === 'BAD_REQUEST') return;
  if (valid) {
    expect(isContractText(body.message), `${what}: "${body.message}" is not a contract text`).toBe(true);
    for (const message of Object.values(body.fields ?? {}))
      expect(isContractText(String(message)), `${what}: field "${message}" is not a contract text`).toBe(
        true,
      );
  } else {
    expect(res.statusCode, what).toBe(400);
    expect(Object.keys(body.fields ?? {}).length, what).toBeGreaterThan(0);
  }
}

let t: TestApp;
let salesforce: SalesforceStandIn;
let openId: OpenIdProvider;
let dns: TestDnsServer;
beforeAll(async () => {
  // Domains are verified against a DNS server of the test's (it knows no record: every look-up is a
  // quick "no such name"), never the machine's resolver.
  dns = await startDnsServer();
  salesforce = await startSalesforceStandIn();
  openId = await startOpenIdProvider({
    clientId: 'fuzz-client',
    clientSecret: 'fuzz-client-secret-0123456789',
    redirectUri: 'http://localhost:8080/api/v1/sso/callback',
    accounts: [],
  });
  // The local peers are on this machine, which outbound calls may reach only when told.
  t = await createTestApp({
    ...salesforce.env(),
    OUTBOUND_PRIVATE_NETWORKS: 'true',
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: '400',
  });
  admin = await createTenantWithUser(t, { emailVerified: true });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
  await salesforce?.close();
  await openId?.close();
});

/**
 * The administrator who fuzzes, in one tenant with every service, from one address (so that an IP
 * range the API takes from them keeps them in).
 */
let admin: TestUser;
const ADMIN_ADDRESS = '203.0.113.7';

/**
 * A call as the administrator (public endpoints are called signed out, each from an address of its own).
 * A drawn request can end the caller's own session, rights or network access (signing out, demoting
 * themself, deleting their own account): then the call is repeated once by a new administrator, in the
 * same tenant or, locked out of it, a new one.
 */
async function send(endpoint: EndpointDef, url: string, body: string | undefined) {
  const signedIn = endpoint.access !== 'public';
  const once = () =>
    call(t, {
      method: endpoint.method,
      url,
      ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }),
      ...(signedIn ? { cookie: admin.cookie, remoteAddress: ADMIN_ADDRESS } : {}),
    });
  const res = await once();
  const code = res.statusCode === 401 || res.statusCode === 403 ? res.json().code : undefined;
  if (!signedIn || !['INVALID_SESSION_EXCEPTION', 'INSUFFICIENT_ACCESS', 'IP_NOT_ALLOWED'].includes(code))
    return res;
  admin = await createTenantWithUser(t, {
    emailVerified: true,
    ...(code === 'IP_NOT_ALLOWED' ? {} : { inTenant: admin.tenantId }),
  });
  return once();
}

/** `/api/v1/identity-providers` → `identityProvider`: the name the fields that refer to its records use. */
const recordName = (path: string) =>
  path
    .split('/')
    .pop()!
    .replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())
    .replace(/s$/, '');
const lists = allEndpoints.filter((e) => e.method === 'GET' && !e.params && e.access !== 'public');

/** The ids of the tenant's records, by the name of the fields that refer to them (roleId, userIds, …). */
async function references(): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const list of lists) {
    const res = await send(list, list.path, undefined);
    // `{ [key]: items, total }`: the one array of the answer.
    const answer: unknown = res.statusCode === 200 ? res.json() : [];
    const items = Array.isArray(answer) ? answer : Object.values(answer as object).find(Array.isArray);
    found[recordName(list.path)] = ((items ?? []) as { id?: unknown }[]).flatMap((item) =>
      typeof item.id === 'string' ? [item.id] : [],
    );
  }
  return found;
}

/** Draws for fields and path parameters that name a record: mostly the tenant's own, else any id. */
function hintsFrom(found: Record<string, string[]>): Hints {
  const hints: Hints = { issuer: fc.constant(openId.issuer) };
  for (const [name, ids] of Object.entries(found)) {
    if (!ids.length) continue;
    hints[`${name}Id`] = fc.constantFrom(...ids);
    hints[`${name}Ids`] = fc.subarray(ids, { minLength: 1 });
  }
  return hints;
}

/** The list that holds a path parameter's records: users for a userId, else the longest list above it. */
function recordsOf(endpoint: EndpointDef, param: string, found: Record<string, string[]>) {
  if (param.endsWith('serId')) return found.user ?? [];
  const above = endpoint.path.slice(0, endpoint.path.indexOf(`/:${param}`));
  const list = lists.filter((e) => above.startsWith(e.path)).sort((a, b) => b.path.length - a.path.length)[0];
  return list ? (found[recordName(list.path)] ?? []) : [];
}

/**
 * Bodies whose rules a JSON Schema cannot say (a refinement across fields: a role, or a permission with
 * its connection, never both): drawn beside the schema's own, so that the contract's side is reached too.
 */
/** A time-bound grant: a role, or a connection permission with its connection (both endpoints' rule). */
const grantBodies = (hints: Hints) => {
  const durationMinutes = fc.integer({
    min: contract.TEMPORARY_ACCESS_MINUTES.min,
    max: contract.TEMPORARY_ACCESS_MINUTES.max,
  });
  return fc.oneof(
    fc.record({ role: fc.constantFrom(...contract.ADMIN_ROLES), durationMinutes }),
    fc.record({
      permission: fc.constantFrom(...contract.CONNECTION_PERMISSIONS),
      connectionId: hints.connectionId ?? fc.uuid({ version: 4 }),
      durationMinutes,
    }),
  );
};

const REFINED_BODIES: Record<string, (hints: Hints) => fc.Arbitrary<unknown>> = {
  'POST /api/v1/users/:id/temporary-access': grantBodies,
  'POST /api/v1/approvals/elevation': (hints) =>
    fc
      .tuple(grantBodies(hints), fc.string({ minLength: 1, maxLength: 40 }))
      .map(([grant, reason]) => ({ ...grant, reason })),
};

function requests(endpoint: EndpointDef, found: Record<string, string[]>) {
  const hints = hintsFrom(found);
  const part = (schema: z.ZodType | undefined) =>
    schema ? arbitraryOf(jsonSchema(schema), hints) : fc.constant(undefined);
  const params = endpoint.params
    ? fc.record(
        Object.fromEntries(
          [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => {
            const known = recordsOf(endpoint, name!, found);
            const drawn = arbitraryOf(jsonSchema(endpoint.params!).properties?.[name!] ?? { type: 'string' });
            return [
              name!,
              known.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, drawn) : drawn,
            ];
          }),
        ),
      )
    : fc.constant(undefined);
  const refined = REFINED_BODIES[`${endpoint.method} ${endpoint.path}`];
  const body = refined ? fc.oneof(refined(hints), part(endpoint.body)) : part(endpoint.body);
  const valid = fc.record({ params, query: part(endpoint.query), body });
  const notAnId = (p: Record<string, unknown> | undefined) =>
    fc.constantFrom(...NOT_IDS).map((id) => (p ? { ...p, [Object.keys(p)[0]!]: id } : p));
  const mutated = fc.oneof(
    ...(endpoint.params ? [valid.chain((d) => notAnId(d.params).map((p) => ({ ...d, params: p })))] : []),
    ...(endpoint.query
      ? [fc.tuple(valid, mutationsOf(part(endpoint.query))).map(([d, query]) => ({ ...d, query }))]
      : []),
    // A body where the endpoint takes none, too: it must be ignored or refused, never break the call.
    fc
      .tuple(valid, mutationsOf(part(endpoint.body ?? z.object({ a: z.string() }))))
      .map(([d, body]) => ({ ...d, body })),
  );
  return fc.oneof(valid, mutated) as fc.Arbitrary<Draw>;
}

/**
 * All endpoints in one tenant, creations of every resource first (so that the rest find records to read,
 * change and refer to), removals last; among creations, what others refer to (roles, storages) first.
 */
const ORDER = ['POST', 'PUT', 'GET', 'PATCH', 'DELETE'];
const FIRST = ['roleEndpoints', 'storageEndpoints', 'groupEndpoints'];
const rank = (m: { group: string; endpoint: EndpointDef }) =>
  ORDER.indexOf(m.endpoint.method) * 10 + (FIRST.includes(m.group) ? FIRST.indexOf(m.group) : FIRST.length);
const ordered = groups
  .flatMap(([group, members]) => members.map((m) => ({ ...m, group })))
  .sort((a, b) => rank(a) - rank(b));

describe('every endpoint, fuzzed from the contract', () => {
  it.each(
    ordered.map((m): [string, EndpointDef] => [
      `${m.group}.${m.name} ${m.endpoint.method} ${m.endpoint.path}`,
      m.endpoint,
    ]),
  )('%s answers whatever it is sent', async (_, endpoint) => {
    const counts = { valid: 0, invalid: 0 };
    const statuses = new Map<number, number>();
    const messages = new Set<string>();
    const found = await references();
    await fc.assert(
      fc.asyncProperty(requests(endpoint, found), async (draw) => {
        const sent = asSent(draw);
        // An empty segment is another address, not this endpoint's; half a surrogate pair has no URL spelling.
        fc.pre(Object.values(sent.params).every((value) => value !== '' && !/[\uD800-\uDFFF]/u.test(value)));
        const path = endpoint.params ? buildPath(endpoint.path, sent.params) : endpoint.path;
        const valid = contractTakes(endpoint, sent);
        counts[valid ? 'valid' : 'invalid'] += 1;
        const res = await send(endpoint, path + sent.search, sent.body);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (REPORT && valid && res.statusCode >= 400) messages.add(`${res.statusCode} ${res.json().message}`);
        expectSafeAnswer(
          res,
          valid,
          `${valid ? 'valid' : 'invalid'} ${endpoint.method} ${path + sent.search} ${sent.body ?? ''}`,
        );
      }),
      { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
    if (REPORT)
      console.log(`${endpoint.method} ${endpoint.path}`, counts, Object.fromEntries(statuses), [...messages]);
    // The draws reached both sides of the contract (a generator that only made garbage proves little).
    expect(counts.valid, 'requests the contract takes').toBeGreaterThan(0);
  });
});
