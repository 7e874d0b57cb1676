// Refresh-token grants per second (with rotation) against a running built API server.
// Usage: DATA_DIR=… npx tsx bench/refresh.ts <baseUrl> [seconds=10] [chains=8]
// The server must run with PUBLIC_URL equal to <baseUrl> (the issuer is PUBLIC_URL/oauth); see
// bench/refresh-run.sh. It signs in as the demo administrator (DATA_DIR/demo-login.json), creates a
// connected app through the applications API as the console does (code flow and refresh tokens,
// offline_access, https://app.example.com/callback), and for each chain runs the code flow with PKCE
// and prompt=consent for a refresh token. Then every chain refreshes in a loop for `seconds`, each
// grant with the refresh token the previous one returned. The loop calls the token endpoint with plain
// node:http (client_secret_basic), not openid-client, so that the load generator stays light.
// Prints one JSON line on stdout; progress goes to stderr. Exits 1 if any grant failed.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  answerConsent,
  authorizationRequest,
  browserFetch,
  CALLBACK,
  CookieJar,
  consoleLogin,
  navigate,
  type OAuthTestApp,
} from '../apps/api/test/oauth-client.js';
import { percentileOf, send } from './measure.mjs';

const base = (process.argv[2] ?? '').replace(/\/+$/, '');
if (!base) {
  console.error('usage: DATA_DIR=… npx tsx bench/refresh.ts <baseUrl> [seconds=10] [chains=8]');
  process.exit(2);
}
const seconds = Number(process.argv[3] ?? 10);
const chains = Number(process.argv[4] ?? 8);
const dataDir = process.env.DATA_DIR ?? './data';
const demo = JSON.parse(readFileSync(`${dataDir}/demo-login.json`, 'utf8')) as {
  tenantName: string;
  email: string;
  password: string;
};
const log = (...args: unknown[]) => console.error('[refresh]', ...args);

// The helpers take the test app; they use only its addresses.
const t = { baseUrl: base, issuer: `${base}/oauth` } as OAuthTestApp;

/** A console API call with the session of `jar` (the console sends the CSRF header on every call). */
async function api(jar: CookieJar, method: string, path: string, body?: unknown) {
  const response = await browserFetch(jar, new URL(path, base), {
    method,
    headers: {
      'x-requested-with': 'skyvault-console',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

// 1. The connected app, as the console makes it: the create modal (name only; its answer shows the
// secret), then the edit screen's save with the OAuth settings.
const adminJar = new CookieJar();
await consoleLogin(t, adminJar, demo);
const created = await api(adminJar, 'POST', '/api/v1/applications', {
  name: `Refresh bench ${Date.now().toString(36)}`,
});
const app = { clientId: String(created.clientId), clientSecret: String(created.clientSecret) };
await api(adminJar, 'PATCH', `/api/v1/applications/${created.id}`, {
  data: {
    oauth: {
      allowedFlows: ['authorization_code', 'refresh_token'],
      allowedScopes: ['offline_access'],
      authorizedCallbackURLs: [CALLBACK],
      authorizedSignOutURLs: [],
    },
    authorizationPolicy: { accessTokenLifetime: 10 * 60_000, refreshTokenLifetime: 24 * 60 * 60_000 },
  },
});
log(`connected app ${app.clientId}`);

// 2. One refresh token per chain: the code flow with PKCE, each chain in its own browser.
async function firstRefreshToken(): Promise<string> {
  const jar = new CookieJar();
  await consoleLogin(t, jar, demo);
  const request = await authorizationRequest(t, app, {
    scope: 'openid offline_access',
    // OpenID Connect Core §11: offline access is asked for with prompt=consent.
    prompt: 'consent',
  });
  let back = await navigate(t, jar, request.url);
  if (back.url.origin === base && back.url.pathname.startsWith('/oauth/interaction/')) {
    back = await answerConsent(t, jar, back, 'allow');
  }
  if (back.url.origin + back.url.pathname !== CALLBACK) {
    throw new Error(`authorization ended at ${back.url} (${back.response.status})`);
  }
  const tokens = await request.exchange(back.url);
  if (!tokens.refresh_token) throw new Error('the code grant issued no refresh token');
  return tokens.refresh_token;
}
const tokens: string[] = [];
for (let i = 0; i < chains; i++) tokens.push(await firstRefreshToken());
log(`${chains} refresh tokens; refreshing for ${seconds} s`);

// 3. The load: every chain refreshes with the token its previous grant returned.
const tokenEndpoint = `${t.issuer}/token`;
const basic = `Basic ${Buffer.from(
  `${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`,
).toString('base64')}`;
const latencies: number[] = [];
let errors = 0;

// node:http on kept-alive connections (measure.mjs `send`), as the other figures' load: fetch cost the
// shared cores about four times as much a request, which the server then did not have.
async function refresh(token: string): Promise<string> {
  const response = await send(tokenEndpoint, {
    method: 'POST',
    headers: {
      authorization: basic,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
  });
  const text = response.body.toString();
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${text}`);
  const next = (JSON.parse(text) as { refresh_token?: unknown }).refresh_token;
  if (typeof next !== 'string' || next === token) throw new Error(`no rotated refresh token: ${text}`);
  return next;
}

const started = performance.now();
const until = started + seconds * 1000;
await Promise.all(
  tokens.map(async (first, chain) => {
    let token = first;
    while (performance.now() < until) {
      const begin = performance.now();
      try {
        token = await refresh(token);
      } catch (error) {
        errors++;
        log(`chain ${chain} stopped: ${(error as Error).message}`);
        return;
      }
      latencies.push(performance.now() - begin);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;

latencies.sort((a, b) => a - b);
const percentile = (p: number) => percentileOf(latencies, p) ?? 0;
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
console.log(
  JSON.stringify({
    refreshGrantsPerSecond: round(latencies.length / elapsed),
    p50Ms: round(percentile(50), 2),
    p97_5Ms: round(percentile(97.5), 2),
    grants: latencies.length,
    errors,
    chains,
    seconds,
  }),
);
process.exit(errors > 0 ? 1 : 0);
