// The HTTP side of .ci/rolling-upgrade: fills a server of the previous release through its API, keeps
// a load on it, and checks that a server answers every read and write of that data. Plain Node 20, run
// from the checkout; every request goes through the "proxy" of production-http.mjs.
//
//   node .ci/rolling-upgrade.mjs fill  <server>               sign-up and one resource of every kind
//   node .ci/rolling-upgrade.mjs check <name> <server> [write] reads (and writes) of everything made so far
//   node .ci/rolling-upgrade.mjs load                         reads and writes until UPGRADE_STOP exists
//
// Environment: UPGRADE_STATE (the JSON file the phases share: credentials, ids, what was answered),
// UPGRADE_PUBLIC_URL (the servers' PUBLIC_URL), UPGRADE_OUTBOX (the filled server's DATA_DIR/outbox),
// UPGRADE_TARGETS, UPGRADE_STOP and UPGRADE_COUNTS (load: the servers it calls, the file that ends it,
// the file its counts go to).
// Prints one ok/FAIL line per check; a 5xx anywhere is a failure.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { CookieJar, expect, jsonOf, mailTo, send as sendVia } from './production-http.mjs';

const [phase, ...args] = process.argv.slice(2);
const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const STATE = env('UPGRADE_STATE');
const PUBLIC_URL = new URL(env('UPGRADE_PUBLIC_URL'));
const CONSOLE = { 'x-requested-with': 'skyvault-console' };
const CALLBACK = 'https://app.example.test/callback';
const PASSWORD = 'Rolling-upgrade-Secret-1';
const AWS_SECRET = 'aws-SECRET-rolling-upgrade-0123456789';
const IDP_SECRET = 'idp-SECRET-rolling-upgrade-0123456789';

const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
let passed = 0;
const ok = (name) => {
  passed += 1;
  process.stdout.write(`ok   ${name}\n`);
};

/** Every status a server answered in this phase, and the first 5xx with what was asked. */
const statuses = {};
let firstServerError = null;
async function send(base, pathAndQuery, options = {}) {
  const response = await sendVia(base, pathAndQuery, { publicUrl: PUBLIC_URL, ...options });
  statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  if (response.status >= 500 && !firstServerError) {
    const body = await response.clone().text();
    firstServerError = `${options.method ?? 'GET'} ${pathAndQuery.split('?')[0]} answered ${response.status}: ${body.slice(0, 200)}`;
  }
  return response;
}
const call = async (base, jar, method, path, body, status) =>
  jsonOf(
    await send(base, path, { jar, method, headers: CONSOLE, body }),
    status ?? (method === 'POST' ? 201 : 200),
    `${method} ${path}`,
  );

const readState = () => JSON.parse(readFileSync(STATE, 'utf8'));
const writeState = (state) => writeFileSync(STATE, `${JSON.stringify(state, null, 2)}\n`);

/** RFC 6238 (SHA-1, 6 digits, 30-second steps), as an authenticator app computes it. */
function totp(base32, step) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
const stepNow = () => Math.floor(Date.now() / 30_000);

/**
 * A code no earlier sign-in took: each time step is accepted once, and one step ahead of the clock is
 * still accepted, so two sign-ins fit in every 30 seconds; a third waits for the next step.
 */
async function freshCode(state) {
  let step = Math.max(stepNow(), (state.member.lastStep ?? 0) + 1);
  while (step > stepNow() + 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    step = Math.max(stepNow(), state.member.lastStep + 1);
  }
  state.member.lastStep = step;
  writeState(state);
  return totp(state.member.mfaSecret, step);
}

/** A stand-in identity provider: only the discovery document, which saving a provider fetches. */
async function discoveryStandIn() {
  const server = createServer((request, response) => {
    const issuer = `http://127.0.0.1:${server.address().port}`;
    if (request.url !== '/.well-known/openid-configuration') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { issuer: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

async function signIn(base, state, who) {
  const jar = new CookieJar();
  const user = state[who];
  const body = { tenantName: state.tenantName, email: user.email, password: PASSWORD };
  if (user.mfaSecret) body.code = await freshCode(state);
  await call(base, jar, 'POST', '/api/v1/auth/login', body, 200);
  return jar;
}

/**
 * One resource of every kind the upgrade fixture holds, made by `base`; `tag` names who made it. Each
 * one's id, its details path and what the server answered there go into the state.
 */
async function makeResources(base, jar, state, tag) {
  const idp = await discoveryStandIn();
  try {
    const made = [];
    const add = (kind, id, path, extra = {}) => made.push({ kind, id, path, by: tag, ...extra });

    const role = await call(base, jar, 'POST', '/api/v1/roles', {
      name: `Operators ${tag}`,
      description: 'Runs backups',
    });
    add('role', role.id, `/api/v1/roles/${role.id}`);
    const group = await call(base, jar, 'POST', '/api/v1/groups', {
      name: `Night shift ${tag}`,
      description: 'On call',
      roleId: role.id,
    });
    add('group', group.id, `/api/v1/groups/${group.id}`);
    const user = await call(base, jar, 'POST', '/api/v1/users', {
      firstName: 'Grace',
      lastName: `Hopper ${tag}`,
      email: `grace-${tag}-${run}@example.com`,
      password: PASSWORD,
      groupId: group.id,
    });
    add('user', user.id, `/api/v1/users/${user.id}`);
    const storage = await call(base, jar, 'POST', '/api/v1/storages', {
      name: `backups-${tag}`,
      type: 'AwsS3',
      credentials: {
        region: 'eu-west-1',
        bucketName: `bucket-${tag}`,
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: AWS_SECRET,
      },
      // AWS is out of reach here: a release that tests storages before saving them saves this one only
      // when told to (the previous release drops the unknown field).
      acceptFailedTest: true,
    });
    add('storage', storage.id, `/api/v1/storages/${storage.id}`);
    const app = await call(base, jar, 'POST', '/api/v1/applications', { name: `Portal ${tag}` });
    await call(base, jar, 'PATCH', `/api/v1/applications/${app.id}`, {
      data: {
        oauth: {
          allowedFlows: ['authorization_code'],
          allowedScopes: [],
          authorizedCallbackURLs: [CALLBACK],
          authorizedSignOutURLs: [],
        },
        authorizationPolicy: { accessTokenLifetime: 10 * 60_000, refreshTokenLifetime: 24 * 60 * 60_000 },
      },
    });
    add('application', app.id, `/api/v1/applications/${app.id}`, {
      clientId: app.clientId,
      clientSecret: app.clientSecret,
    });
    const provider = await call(base, jar, 'POST', '/api/v1/identity-providers', {
      name: `Login ${tag}`,
      type: 'OpenId',
      buttonText: '',
      providerData: { clientId: `console-${tag}`, clientSecret: IDP_SECRET, issuer: idp.issuer },
    });
    add('identityProvider', provider.id, `/api/v1/identity-providers/${provider.id}`);
    const webhook = await call(base, jar, 'POST', '/api/v1/webhooks', {
      url: `https://hooks.example.test/${tag}`,
      description: `Audit feed ${tag}`,
      events: ['user.created', 'group.membership_changed'],
    });
    add('webhook', webhook.id, `/api/v1/webhooks/${webhook.id}`);
    const token = await call(base, jar, 'POST', '/api/v1/api-tokens', {
      name: `Reports ${tag}`,
      scope: 'read',
      expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString(),
    });
    add('apiToken', token.id, '/api/v1/api-tokens', { token: token.token });
    const range = await call(base, jar, 'POST', '/api/v1/ip-ranges', {
      name: `Anywhere ${tag}`,
      startIPAddress: '0.0.0.0',
      endIPAddress: '255.255.255.255',
    });
    add('ipRange', range.id, `/api/v1/ip-ranges/${range.id}`);

    for (const resource of made) {
      resource.answered = await call(base, jar, 'GET', resource.path);
    }
    state.resources.push(...made);
    writeState(state);
    return made;
  } finally {
    idp.close();
  }
}

/** Sign-up through the outbox, the member with an authenticator, and a resource of every kind. */
async function fill(base) {
  const outbox = env('UPGRADE_OUTBOX');
  const email = `owner-${run}@example.com`;
  await call(base, null, 'POST', '/api/v1/tenants', {
    firstName: 'Olga',
    lastName: 'Owner',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const mail = await mailTo(outbox, email);
  const link = new RegExp(`${PUBLIC_URL.origin}/tenants/verify\\?token=(\\S+)`).exec(mail.text);
  expect(link, `no verification link in the sign-up e-mail: ${mail.text}`);
  const { tenantName } = await call(
    base,
    null,
    'POST',
    '/api/v1/tenants/verify',
    {
      token: decodeURIComponent(link[1]),
    },
    200,
  );
  const state = { tenantName, admin: { email }, member: null, resources: [] };
  writeState(state);
  const jar = await signIn(base, state, 'admin');
  ok(`sign-up, the e-mailed link and the owner's login (tenant ${tenantName})`);

  const made = await makeResources(base, jar, state, 'filled');
  ok(`made through the API: ${made.map((r) => r.kind).join(', ')}`);

  // A member with an authenticator: signing in then opens its sealed secret.
  const memberEmail = `member-${run}@example.com`;
  const member = await call(base, jar, 'POST', '/api/v1/users', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: memberEmail,
    password: PASSWORD,
  });
  state.member = { id: member.id, email: memberEmail };
  const memberJar = await signIn(base, state, 'member');
  const device = await call(base, memberJar, 'POST', '/api/v1/mfa', { name: 'Phone' });
  const secret = new URL(device.otpPathUrl).searchParams.get('secret');
  expect(secret, 'the new authenticator has no secret in its otpauth:// address');
  state.member.mfaSecret = secret;
  state.member.deviceId = device.id;
  const step = stepNow();
  await call(base, memberJar, 'POST', `/api/v1/mfa/verify/${device.id}`, { code: totp(secret, step) }, 200);
  state.member.lastStep = step;
  writeState(state);
  ok('a member with a confirmed authenticator (TOTP)');
}

/** Fields that change between two reads of the same resource without anyone editing it. */
const VOLATILE = /(At|Count|Time|Date|Since)$|^last|^total|^status$/;

/** What `expected` answered is still answered (new fields may appear), volatile fields aside. */
function differences(expected, actual, at = '', olderReader = false) {
  if (expected === null || typeof expected !== 'object') {
    return Object.is(expected, actual)
      ? []
      : [`${at || '.'}: ${JSON.stringify(expected)} → ${JSON.stringify(actual)}`];
  }
  if (actual === null || typeof actual !== 'object') return [`${at}: ${JSON.stringify(actual)}`];
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length < expected.length) return [`${at}: another list`];
    return expected.flatMap((item, i) => differences(item, actual[i], `${at}[${i}]`, olderReader));
  }
  return (
    Object.keys(expected)
      .filter((key) => !VOLATILE.test(key))
      // The previous release does not answer fields this one added (a user's adminRoles): it never knew them.
      .filter((key) => !(olderReader && !(key in actual)))
      .flatMap((key) => differences(expected[key], actual[key], `${at}.${key}`, olderReader))
  );
}

/** The browser's part of a sign-in at a connected app, then the app's own call with its client secret. */
async function clientSecretLogin(base, jar, app) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  let next = `/oauth/auth?${query}`;
  let code = null;
  for (let hop = 0; hop < 10 && !code; hop++) {
    const response = await send(base, next, { jar });
    const location = response.headers.get('location');
    expect(location, `${next.split('?')[0]} answered ${response.status} without a redirect`);
    const to = new URL(location, PUBLIC_URL);
    if (to.href.startsWith(`${CALLBACK}?`)) code = to.searchParams.get('code');
    else next = `${to.pathname}${to.search}`;
  }
  expect(code, `no authorization code for ${app.clientId}`);
  const basic = Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`);
  const tokens = await jsonOf(
    await send(base, '/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic.toString('base64')}` },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        code_verifier: verifier,
      }),
    }),
    200,
    `POST /oauth/token for ${app.clientId}`,
  );
  expect(tokens.access_token, `no access token for ${app.clientId}`);
}

/** Every resource made so far, read by `base` (and, with `write`, one more of each made by it). */
async function check(name, base, write) {
  const state = readState();
  const jar = await signIn(base, state, 'admin');
  // Two TOTP sign-ins fit in 30 seconds: the member signs in where the server also writes.
  if (write) {
    const memberJar = await signIn(base, state, 'member');
    const session = await call(base, memberJar, 'GET', '/api/v1/auth/session');
    expect(
      JSON.stringify(session).includes(state.member.email),
      `the member's session on ${name} is another's`,
    );
    ok(`${name}: the owner signs in; the member signs in with a TOTP code (its sealed secret opens)`);
  }

  for (const resource of state.resources) {
    const written = [resource.by, ...(resource.editedBy ?? [])].join(', edited by ');
    const answered = await call(base, jar, 'GET', resource.path).catch((error) => {
      throw new Error(`${name} cannot read the ${resource.kind} written by ${written}: ${error.message}`);
    });
    const found =
      resource.kind === 'apiToken' ? answered.apiTokens?.find((row) => row.id === resource.id) : answered;
    const expected =
      resource.kind === 'apiToken'
        ? resource.answered.apiTokens.find((row) => row.id === resource.id)
        : resource.answered;
    expect(found, `${name}: ${resource.kind} ${resource.id} (written by ${written}) is not listed`);
    const changed = differences(expected, found, '', name !== 'new');
    expect(
      changed.length === 0,
      `${name}: GET ${resource.path} (written by ${written}) answers otherwise: ${changed.slice(0, 5).join('; ')}`,
    );
  }
  ok(
    `${name}: ${state.resources.length} details pages answer as when they were made (storages' and apps' secrets opened)`,
  );

  for (const app of state.resources.filter((r) => r.kind === 'application')) {
    await clientSecretLogin(base, jar, app);
  }
  for (const token of state.resources.filter((r) => r.kind === 'apiToken')) {
    const users = await jsonOf(
      await send(base, '/api/v1/users', { headers: { authorization: `Bearer ${token.token}` } }),
      200,
      `GET /api/v1/users with the API token made by ${token.by}`,
    );
    expect(JSON.stringify(users).includes(state.member.email), 'the API token reads another tenant');
  }
  ok(`${name}: every connected app's client secret signs in at /oauth/token; every API token reads`);

  if (write) {
    // Edits of what the other build made, which open its sealed values again, then new resources.
    for (const storage of state.resources.filter((r) => r.kind === 'storage')) {
      await call(base, jar, 'PATCH', storage.path, { name: storage.answered.name });
      storage.editedBy = [...(storage.editedBy ?? []), name];
    }
    for (const group of state.resources.filter((r) => r.kind === 'group')) {
      await call(base, jar, 'PATCH', group.path, { description: group.answered.description });
      group.editedBy = [...(group.editedBy ?? []), name];
    }
    writeState(state);
    const made = await makeResources(base, jar, state, name);
    ok(`${name}: edits what the other build made; makes ${made.map((r) => r.kind).join(', ')}`);
  }
}

/**
 * Reads and writes as fast as one client goes, until UPGRADE_STOP exists, round by round on each server
 * UPGRADE_TARGETS lists at the time (a line `<name> <server>` each: the previous one, then both); the
 * statuses and the rounds per server go to UPGRADE_COUNTS.
 */
async function load() {
  const stop = env('UPGRADE_STOP');
  const counts = env('UPGRADE_COUNTS');
  const targets = env('UPGRADE_TARGETS');
  const state = readState();
  const [first] = readFileSync(targets, 'utf8').trim().split('\n');
  const jar = await signIn(first.split(' ')[1], state, 'admin');
  const storage = state.resources.find((r) => r.kind === 'storage');
  const app = state.resources.find((r) => r.kind === 'application');
  const role = state.resources.find((r) => r.kind === 'role');
  let failures = 0;
  const rounds = {};
  const report = () =>
    writeFileSync(counts, JSON.stringify({ statuses, failures, firstServerError, rounds }));
  for (let round = 0; !existsSync(stop); round++) {
    const servers = readFileSync(targets, 'utf8').trim().split('\n');
    const [name, base] = servers[round % servers.length].split(' ');
    rounds[name] = (rounds[name] ?? 0) + 1;
    try {
      await (await send(base, '/api/v1/users', { jar, headers: CONSOLE })).arrayBuffer();
      await (await send(base, storage.path, { jar, headers: CONSOLE })).arrayBuffer();
      await (await send(base, app.path, { jar, headers: CONSOLE })).arrayBuffer();
      const created = await send(base, '/api/v1/groups', {
        jar,
        method: 'POST',
        headers: CONSOLE,
        body: { name: `Load ${run} ${round}`, description: '', roleId: role.id },
      });
      const group = created.status === 201 ? await created.json() : null;
      if (group)
        await (
          await send(base, `/api/v1/groups/${group.id}`, { jar, method: 'DELETE', headers: CONSOLE })
        ).arrayBuffer();
    } catch {
      // No answer at all (refused, reset, timed out): counted apart from the statuses.
      failures += 1;
    }
    if (round % 10 === 0) report();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  report();
}

try {
  if (phase === 'fill') await fill(args[0]);
  else if (phase === 'check') await check(args[0], args[1], args[2] === 'write');
  else if (phase === 'load') await load();
  else throw new Error(`unknown phase ${phase}: fill, check or load`);
  if (phase !== 'load') expect(!firstServerError, firstServerError);
} catch (error) {
  process.stdout.write(`FAIL ${error instanceof Error ? error.message : String(error)}\n`);
  if (firstServerError) process.stdout.write(`FAIL the first 5xx: ${firstServerError}\n`);
  process.exit(1);
}
if (phase !== 'load') {
  const answered = Object.entries(statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  process.stdout.write(`${phase}: ${passed} passed, 0 failed (${answered})\n`);
}
