// Checks two API processes of one production install over HTTP, as a TLS-terminating proxy in front of
// them would reach them: health and readiness, the proxy's request id, the precompressed console, a
// sign-up → verify → login on A whose session then works on B, an authorization code issued by A and
// redeemed on B, a login limit counted across both, and A's metrics port. Plain Node 20 (fetch,
// node:crypto), run by .ci/production-install.
//
// Environment: CHECK_SERVER_A, CHECK_SERVER_B (http://127.0.0.1:port), CHECK_PUBLIC_URL (the servers'
// PUBLIC_URL), CHECK_OUTBOX_A (A's DATA_DIR/outbox), CHECK_METRICS_A (A's /metrics URL),
// CHECK_LOGIN_LIMIT (the servers' RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS attempts).
// Prints one line per check; exits 1 at the first failure (later checks build on earlier ones).
import { createHash, randomBytes } from 'node:crypto';
import { CookieJar, expect, jsonOf, mailTo, send as sendVia } from './production-http.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const A = env('CHECK_SERVER_A');
const B = env('CHECK_SERVER_B');
const PUBLIC_URL = new URL(env('CHECK_PUBLIC_URL'));
const OUTBOX = env('CHECK_OUTBOX_A');
const METRICS = env('CHECK_METRICS_A');
const LOGIN_LIMIT = Number(env('CHECK_LOGIN_LIMIT'));
const CALLBACK = 'https://app.example.test/callback';
const CONSOLE = { 'x-requested-with': 'skyvault-console' };

const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
let passed = 0;

function ok(name) {
  passed += 1;
  process.stdout.write(`ok   ${name}\n`);
}

/** Every request of the checks goes through the proxy of PUBLIC_URL. */
const send = (base, pathAndQuery, options = {}) =>
  sendVia(base, pathAndQuery, { publicUrl: PUBLIC_URL, ...options });

const base64url = (buffer) => buffer.toString('base64url');

async function probes() {
  for (const [name, base] of [
    ['A', A],
    ['B', B],
  ]) {
    for (const probe of ['/healthz', '/readyz']) {
      const response = await send(base, probe);
      expect(response.status === 200, `${probe} on ${name} answered ${response.status}`);
      expect(response.headers.get('x-request-id'), `${probe} on ${name} carries no X-Request-Id`);
    }
  }
  ok('/healthz and /readyz answer 200 on both processes');

  // The proxy's request id names the request (TRUST_PROXY), and comes back on the answer.
  const requestId = `ops-check-${run}`;
  const named = await send(B, '/healthz', { headers: { 'x-request-id': requestId } });
  expect(named.headers.get('x-request-id') === requestId, "the proxy's X-Request-Id did not come back");
  ok("the proxy's X-Request-Id is kept and returned");
}

/** The console copied beside the bundle: precompressed, hashed assets cached for good. */
async function consoleAssets() {
  const page = await send(A, '/', { headers: { 'accept-encoding': 'br' } });
  expect(page.status === 200, `/ answered ${page.status}`);
  expect(page.headers.get('cache-control') === 'no-cache', 'index.html is not answered with no-cache');
  const html = await page.text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, 'index.html names no script under /assets/');
  const asset = await send(A, script, { headers: { 'accept-encoding': 'br, gzip' } });
  await asset.arrayBuffer();
  expect(asset.status === 200, `${script} answered ${asset.status}`);
  expect(asset.headers.get('content-encoding') === 'br', `${script} is not sent as brotli`);
  expect(/immutable/.test(asset.headers.get('cache-control') ?? ''), `${script} is not cached as immutable`);
  ok(`the console: index.html no-cache, ${script} brotli and immutable`);
}

/** Sign-up, the mailed link and the login on A; the session then answers on B. */
async function signUpAndSignIn() {
  const email = `ops-${run}@example.com`;
  const password = `Prod-install-${run}-1`;
  const signUp = await send(A, '/api/v1/tenants', {
    method: 'POST',
    headers: CONSOLE,
    body: { firstName: 'Olga', lastName: 'Operator', email, password, confirmPassword: password },
  });
  await jsonOf(signUp, 201, 'sign-up on A');
  const mail = await mailTo(OUTBOX, email);
  const link = new RegExp(`${PUBLIC_URL.origin}/tenants/verify\\?token=(\\S+)`).exec(mail.text);
  expect(link, `no verification link in: ${mail.text}`);
  const verified = await send(A, '/api/v1/tenants/verify', {
    method: 'POST',
    headers: CONSOLE,
    body: { token: decodeURIComponent(link[1]) },
  });
  const { tenantName } = await jsonOf(verified, 200, 'verify on A');
  ok(`sign-up on A, verification link from the outbox (tenant ${tenantName})`);

  const jar = new CookieJar();
  const login = await send(A, '/api/v1/auth/login', {
    jar,
    method: 'POST',
    headers: CONSOLE,
    body: { tenantName, email, password },
  });
  await jsonOf(login, 200, 'login on A');
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('__Host-'));
  expect(cookie && /;\s*Secure/i.test(cookie), 'the session cookie is not a __Host- Secure cookie');
  const session = await jsonOf(await send(B, '/api/v1/auth/session', { jar }), 200, 'session on B');
  expect(JSON.stringify(session).includes(email), `the session on B is not ${email}'s`);
  ok('login on A, its __Host- session cookie answers GET /api/v1/auth/session on B');
  return { jar, email, tenantName };
}

/** A Connected App registered by the new administrator (created on A, configured on B). */
async function connectedApp(jar) {
  const created = await send(A, '/api/v1/applications', {
    jar,
    method: 'POST',
    headers: CONSOLE,
    body: { name: `Ops app ${run}` },
  });
  const app = await jsonOf(created, 201, 'create a connected app on A');
  const patched = await send(B, `/api/v1/applications/${app.id}`, {
    jar,
    method: 'PATCH',
    headers: CONSOLE,
    body: {
      data: {
        oauth: {
          allowedFlows: ['authorization_code'],
          allowedScopes: [],
          authorizedCallbackURLs: [CALLBACK],
          authorizedSignOutURLs: [],
        },
        authorizationPolicy: { accessTokenLifetime: 10 * 60_000, refreshTokenLifetime: 24 * 60 * 60_000 },
      },
    },
  });
  await jsonOf(patched, 200, 'configure the connected app on B');
  ok('connected app created on A and configured on B');
  return app;
}

/** The browser's part: /oauth/auth on A, redirects followed by hand until the app's callback. */
async function authorize(jar, app, pkce) {
  const query = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state: pkce.state,
    nonce: pkce.nonce,
  });
  let next = `/oauth/auth?${query}`;
  const hops = [];
  for (let hop = 0; hop < 10; hop++) {
    const response = await send(A, next, { jar });
    const location = response.headers.get('location');
    expect(
      response.status >= 300 && response.status < 400 && location,
      `${next.split('?')[0]} answered ${response.status} after ${hops.join(' → ')}: ${(await response.text()).slice(0, 300)}`,
    );
    const to = new URL(location, PUBLIC_URL);
    if (to.href.startsWith(`${CALLBACK}?`)) return { callback: to, hops };
    expect(to.origin === PUBLIC_URL.origin, `redirected off the server to ${to.origin}`);
    expect(!to.pathname.startsWith('/auth/'), 'sent to the console login page although signed in');
    hops.push(to.pathname.replace(/\/[^/]{16,}/g, '/…'));
    next = `${to.pathname}${to.search}`;
  }
  throw new Error(`too many redirects: ${hops.join(' → ')}`);
}

async function oauthAcrossProcesses(jar, email, tenantName, app) {
  const verifier = base64url(randomBytes(32));
  const pkce = {
    verifier,
    challenge: base64url(createHash('sha256').update(verifier).digest()),
    state: base64url(randomBytes(16)),
    nonce: base64url(randomBytes(16)),
  };
  const { callback, hops } = await authorize(jar, app, pkce);
  const code = callback.searchParams.get('code');
  expect(code, `no code in the callback: ${callback.search}`);
  expect(callback.searchParams.get('state') === pkce.state, 'the callback carries another state');
  expect(
    callback.searchParams.get('iss') === `${PUBLIC_URL.origin}/oauth`,
    'the callback names another issuer',
  );
  ok(`authorization code issued by A (via ${hops.join(' → ')})`);

  const basic = Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`);
  const token = await send(B, '/oauth/token', {
    method: 'POST',
    headers: { authorization: `Basic ${basic.toString('base64')}` },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: pkce.verifier,
    }),
  });
  const tokens = await jsonOf(token, 200, 'the token endpoint on B');
  expect(tokens.access_token && tokens.token_type === 'Bearer', 'no bearer access token from B');
  const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1], 'base64url').toString('utf8'));
  expect(claims.aud === app.clientId && claims.nonce === pkce.nonce, 'the ID token is not for this request');
  ok('the code redeemed on B (client_secret_basic, PKCE): access token and ID token');

  const me = await send(B, '/oauth/me', { headers: { authorization: `Bearer ${tokens.access_token}` } });
  const user = await jsonOf(me, 200, '/oauth/me on B');
  expect(
    user.email === email && user.tenant === tenantName,
    `/oauth/me on B answered ${JSON.stringify(user)}`,
  );
  ok(`/oauth/me on B answers ${email} of ${tenantName}`);
}

/** Wrong logins from one client address, alternately on A and B: the limit counts them together. */
async function sharedLoginLimit(tenantName) {
  const client = `198.51.100.${1 + (Date.now() % 250)}`;
  const statuses = [];
  for (let attempt = 0; attempt < LOGIN_LIMIT + 2; attempt++) {
    const base = attempt % 2 === 0 ? A : B;
    // A new unknown account each time: only the address's counter is shared by the attempts.
    const response = await send(base, '/api/v1/auth/login', {
      client,
      method: 'POST',
      headers: CONSOLE,
      body: { tenantName, email: `nobody-${attempt}-${run}@example.com`, password: 'Wrong-password-1' },
    });
    await response.arrayBuffer();
    statuses.push(response.status);
    if (response.status === 429) expect(response.headers.get('retry-after'), 'a 429 carries no Retry-After');
    // Once refused, one more try on the other process: the limit holds there too.
    if (statuses.filter((s) => s === 429).length === 2) break;
  }
  const refused = statuses.indexOf(429);
  expect(
    refused === LOGIN_LIMIT &&
      statuses.slice(0, refused).every((s) => s === 401) &&
      statuses.length === refused + 2,
    `expected ${LOGIN_LIMIT} failures (401) then 429 on both, alternately on A and B; got ${statuses.join(' ')}`,
  );
  ok(`the login limit counts across both: ${LOGIN_LIMIT} failures alternately on A and B, then 429 on each`);
}

async function metrics() {
  const response = await fetch(METRICS, { signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  expect(response.status === 200, `${METRICS} answered ${response.status}`);
  const value = (series) =>
    Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  for (const [series, least] of [
    ['skyvault_logins_total{method="password",outcome="success"}', 1],
    ['skyvault_logins_total{method="password",outcome="failure"}', 1],
    ['skyvault_logins_total{method="password",outcome="limited"}', 1],
    ['skyvault_emails_total{outcome="sent"}', 1],
  ]) {
    expect(value(series) >= least, `${series} is ${value(series)} on A's metrics port`);
  }
  expect(text.includes('http_request_duration_seconds_bucket{'), 'no request duration histogram');
  expect(text.includes('skyvault_db_connections_in_use'), 'no database pool series');
  expect(text.includes('nodejs_eventloop_lag_seconds'), 'no event-loop lag series');
  ok(`the metrics port answers /metrics with the login series (${new URL(METRICS).port})`);
}

try {
  await probes();
  await consoleAssets();
  const { jar, email, tenantName } = await signUpAndSignIn();
  const app = await connectedApp(jar);
  await oauthAcrossProcesses(jar, email, tenantName, app);
  await sharedLoginLimit(tenantName);
  await metrics();
} catch (error) {
  process.stdout.write(`FAIL ${error instanceof Error ? error.message : String(error)}\n`);
  process.stdout.write(`checks: ${passed} passed, 1 failed\n`);
  process.exit(1);
}
process.stdout.write(`checks: ${passed} passed, 0 failed\n`);
