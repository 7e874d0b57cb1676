import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import * as client from 'openid-client';
import type { ApplicationDataValue } from '../src/db/schema/index.js';
import { applications } from '../src/db/schema/index.js';
import { sealedAt } from '../src/platform/secrets/sealed-at.js';
import { createTestApp, type TestApp } from './app.js';

/**
 * Helpers for driving the authorization server as a real relying party would: the API listening on a
 * port (PUBLIC_URL set to it, so the issuer matches), openid-client for the protocol, and fetch with a
 * small cookie jar for the browser's part.
 */
export interface OAuthTestApp extends TestApp {
  baseUrl: string;
  issuer: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startOAuthApp(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<OAuthTestApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: baseUrl, ...env }, options);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl, issuer: `${baseUrl}/oauth` };
}

export const CALLBACK = 'https://app.example.com/callback';
/** What the server issues as access and refresh tokens: opaque, URL-safe random strings. */
export const OPAQUE_TOKEN = /^[A-Za-z0-9_-]{32,}$/;
export const SIGN_OUT = 'https://app.example.com/signed-out';

export interface TestClient {
  id: string;
  clientId: string;
  clientSecret: string;
}

/** A connected app inserted as the applications API would store it (secret sealed for its tenant). */
export async function insertApplication(
  t: TestApp,
  tenantId: string,
  options: {
    active?: boolean;
    shared?: boolean;
    allowedFlows?: string[];
    allowedScopes?: string[];
    callbacks?: string[];
    signOuts?: string[];
    accessTokenLifetime?: number;
    refreshTokenLifetime?: number;
  } = {},
): Promise<TestClient> {
  const clientId = randomBytes(24).toString('base64url');
  const clientSecret = randomBytes(48).toString('base64url');
  const data: ApplicationDataValue = {
    oauth: {
      allowedFlows: options.allowedFlows ?? ['authorization_code', 'refresh_token'],
      allowedScopes: options.allowedScopes ?? ['offline_access'],
      authorizedCallbackURLs: options.callbacks ?? [CALLBACK],
      authorizedSignOutURLs: options.signOuts ?? [SIGN_OUT],
    },
    authorizationPolicy: {
      accessTokenLifetime: options.accessTokenLifetime ?? 10 * 60_000,
      refreshTokenLifetime: options.refreshTokenLifetime ?? 24 * 60 * 60_000,
    },
  };
  const id = randomUUID();
  const [row] = await t.database.system((tx) =>
    tx
      .insert(applications)
      .values({
        id,
        tenantId,
        name: `App ${clientId.slice(0, 8)}`,
        clientId,
        clientSecret: t.app.services.secrets.seal(
          sealedAt.applicationClientSecret(tenantId, id),
          clientSecret,
        ),
        active: options.active ?? true,
        shared: options.shared ?? false,
        data,
      })
      .returning({ id: applications.id }),
  );
  return { id: row!.id, clientId, clientSecret };
}

/** openid-client's view of the server for one app, found through discovery. */
export function discover(t: OAuthTestApp, app: Pick<TestClient, 'clientId' | 'clientSecret'>) {
  return client.discovery(
    new URL(t.issuer),
    app.clientId,
    undefined,
    client.ClientSecretBasic(app.clientSecret),
    {
      execute: [client.allowInsecureRequests],
    },
  );
}

/** The cookies a browser would hold, with their paths. */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(initial?: string) {
    if (initial) this.add(initial);
  }

  /** A `name=value` pair (e.g. a console session cookie) valid for every path. */
  add(pair: string) {
    const [name, value] = pair.split('=', 2) as [string, string];
    this.cookies.set(name, { value, path: '/' });
  }

  get(name: string) {
    return this.cookies.get(name)?.value;
  }

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((p) => p.trim());
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expires = attr('expires');
      const maxAge = attr('max-age');
      const gone =
        value === '' || maxAge === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, { value, path: attr('path') ?? '/' });
    }
  }

  header(url: URL): string {
    return [...this.cookies.entries()]
      .filter(
        ([, c]) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}

/** One browser request: the jar's cookies go out, the answer's cookies come back in. */
export async function browserFetch(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

export interface Navigation {
  /** The last answer that did not redirect within the server, or the redirect that left it. */
  response: Response;
  /** Where the browser ended: the app's callback, the console's login page, or a page of the server. */
  url: URL;
}

/** oidc-provider's self-submitting form (form_post), which a browser posts at once. */
async function autoSubmittedForm(response: Response, base: URL) {
  if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) return null;
  const html = await response.clone().text();
  if (!html.includes('<title>Submitting Callback</title>')) return null;
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) return null;
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
    fields.set(name!, value!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  }
  return { url: new URL(action, base), fields };
}

/** Follows redirects (and self-submitting forms) like a browser until one leaves the server or a page answers. */
export async function navigate(t: OAuthTestApp, jar: CookieJar, start: URL | string): Promise<Navigation> {
  let url = new URL(start, t.baseUrl);
  let post: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await browserFetch(
      jar,
      url,
      post
        ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: post }
        : {},
    );
    post = undefined;
    const form = url.origin === t.baseUrl ? await autoSubmittedForm(response, url) : null;
    if (form && form.url.origin === t.baseUrl) {
      url = form.url;
      post = form.fields;
      continue;
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { response, url };
    url = new URL(location, url);
    const stays = url.origin === t.baseUrl && !url.pathname.startsWith('/auth/');
    if (!stays) return { response, url };
  }
  throw new Error('Too many redirects');
}

/** Presses Allow or Deny on the consent page the browser is on (pages.ts), then follows the redirects. */
export async function answerConsent(
  t: OAuthTestApp,
  jar: CookieJar,
  page: Navigation,
  decision: 'allow' | 'deny',
): Promise<Navigation> {
  const action = new URL(`${page.url.pathname}/${decision}`, t.baseUrl);
  const response = await browserFetch(jar, action, {
    method: 'POST',
    headers: { origin: t.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
  });
  const location = response.headers.get('location');
  return location ? navigate(t, jar, new URL(location, action)) : { response, url: action };
}

/** Signs in through the API's login call as the console's login page does; returns the session cookie pair. */
export async function consoleLogin(
  t: OAuthTestApp,
  jar: CookieJar,
  who: { tenantName: string; email: string; password: string },
): Promise<void> {
  const response = await browserFetch(jar, new URL('/api/v1/auth/login', t.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'skyvault-console' },
    body: JSON.stringify(who),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
}

/** A fresh PKCE pair and state for one authorization request. */
export async function pkce() {
  const verifier = client.randomPKCECodeVerifier();
  return {
    verifier,
    challenge: await client.calculatePKCECodeChallenge(verifier),
    state: client.randomState(),
  };
}

/**
 * One authorization request of `app` as its server would make it: discovery, PKCE with S256 and a fresh
 * state, to CALLBACK with the scope `openid` unless `params` say otherwise. `exchange` trades the code in
 * the URL the browser came back to for tokens, checking the state.
 */
export async function authorizationRequest(
  t: OAuthTestApp,
  app: Pick<TestClient, 'clientId' | 'clientSecret'>,
  params: Record<string, string> = {},
) {
  const config = await discover(t, app);
  const { verifier, challenge, state } = await pkce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    ...params,
  });
  const exchange = (back: URL) =>
    client.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state });
  return { config, url, verifier, exchange };
}

export { client };
