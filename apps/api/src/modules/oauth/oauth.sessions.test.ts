import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import {
  answerConsent,
  authorizationRequest,
  browserFetch,
  CALLBACK,
  CookieJar,
  client,
  consoleLogin,
  insertApplication,
  navigate,
  SIGN_OUT,
  startOAuthApp,
  type TestClient,
} from '../../../test/oauth-client.js';
import { ipRanges } from '../../db/schema/index.js';

const PASSWORD = 'Session-tied-pw1';

/** The authorization server's session follows the console's: sign-in, sign-out, another user, prompt=login. */
describe('authorization server: sessions', () => {
  let alice: TestUser;
  let bob: TestUser;
  let app: TestClient;

  const t = useTestApp(() => startOAuthApp());
  beforeAll(async () => {
    alice = await createTenantWithUser(t, { password: PASSWORD, tenantName: 'session-tenant' });
    bob = await createTenantWithUser(t, { password: PASSWORD });
    app = await insertApplication(t, alice.tenantId, { shared: true });
  });

  const login = (jar: CookieJar, who: TestUser) =>
    consoleLogin(t, jar, { tenantName: who.tenantName, email: who.email, password: PASSWORD });

  const start = (params: Record<string, string> = {}) => authorizationRequest(t, app, params);

  const atCallback = (url: URL) => url.origin + url.pathname === CALLBACK;

  it('asks again once the user signed out of the console, and answers login_required to prompt=none', async () => {
    const jar = new CookieJar();
    await login(jar, alice);
    const first = await start();
    expect(atCallback((await navigate(t, jar, first.url)).url)).toBe(true);

    const silent = await start({ prompt: 'none' });
    const again = await navigate(t, jar, silent.url);
    expect((await silent.exchange(again.url)).claims()?.sub).toBe(`${alice.tenantId}:${alice.userId}`);

    await browserFetch(jar, new URL('/api/v1/auth/logout', t.baseUrl), {
      method: 'POST',
      headers: { 'x-requested-with': 'skyvault-console' },
    });
    const afterLogout = await navigate(t, jar, (await start({ prompt: 'none' })).url);
    expect(atCallback(afterLogout.url)).toBe(true);
    expect(afterLogout.url.searchParams.get('error')).toBe('login_required');
    expect((await navigate(t, jar, (await start()).url)).url.pathname).toBe('/auth/login');
  });

  it("does not count a console session from outside the tenant's network ranges", async () => {
    const carol = await createTenantWithUser(t, { password: PASSWORD });
    const own = await insertApplication(t, carol.tenantId);
    const jar = new CookieJar();
    await consoleLogin(t, jar, { tenantName: carol.tenantName, email: carol.email, password: PASSWORD });
    // The tests reach the server from the loopback address, which this range leaves out.
    await t.database.tenant(carol.tenantId, (tx) =>
      tx.insert(ipRanges).values({
        tenantId: carol.tenantId,
        name: 'Office',
        startIp: '203.0.113.1',
        endIp: '203.0.113.254',
      }),
    );
    const { url } = await authorizationRequest(t, own);
    expect((await navigate(t, jar, url)).url.pathname).toBe('/auth/login');
  });

  it('follows the user who is signed in to the console now', async () => {
    const jar = new CookieJar();
    await login(jar, alice);
    const first = await start();
    const asAlice = await first.exchange((await navigate(t, jar, first.url)).url);
    expect(asAlice.claims()?.sub).toBe(`${alice.tenantId}:${alice.userId}`);

    await login(jar, bob);
    const second = await start();
    // The server ends Alice's authorization session on the way (an auto-submitted form), not Bob's console
    // one; Bob, of another tenant, is asked before the multi-tenant app signs him in.
    const consent = await navigate(t, jar, second.url);
    expect(consent.url.pathname).toMatch(/^\/oauth\/interaction\//);
    const asBob = await second.exchange((await answerConsent(t, jar, consent, 'allow')).url);
    expect(asBob.claims()?.sub).toBe(`${bob.tenantId}:${bob.userId}`);
    expect((await browserFetch(jar, new URL('/api/v1/auth/session', t.baseUrl))).status).toBe(200);
  });

  it('makes the user sign in again for prompt=login', async () => {
    const jar = new CookieJar();
    await login(jar, alice);
    const request = await start({ prompt: 'login' });
    const toLogin = await navigate(t, jar, request.url);
    expect(toLogin.url.pathname).toBe('/auth/login');
    const redirectTo = toLogin.url.searchParams.get('redirectTo')!;
    // Coming back with the same console session is not a new sign-in.
    expect((await navigate(t, jar, redirectTo)).url.pathname).toBe('/auth/login');

    await login(jar, alice);
    const back = await navigate(t, jar, redirectTo);
    expect(atCallback(back.url)).toBe(true);
    const tokens = await request.exchange(back.url);
    expect(Math.abs(tokens.claims()!.auth_time! - Date.now() / 1000)).toBeLessThan(30);
  });

  it('refuses an expired or foreign interaction with a page, not a redirect', async () => {
    const res = await fetch(`${t.issuer}/interaction/not-a-real-one`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in request has expired or was already completed.');
  });

  it('signs the user out at the end-session endpoint, console included, and returns to a registered sign-out URL', async () => {
    const jar = new CookieJar();
    await login(jar, alice);
    const request = await start();
    const tokens = await request.exchange((await navigate(t, jar, request.url)).url);

    const unregistered = client.buildEndSessionUrl(request.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: 'https://evil.example.com/bye',
    });
    const refused = await navigate(t, jar, unregistered);
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('location')).toBeNull();

    const url = client.buildEndSessionUrl(request.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: SIGN_OUT,
      state: 'bye',
    });
    const question = await navigate(t, jar, url);
    expect(question.response.status).toBe(200);
    const html = await question.response.text();
    expect(html).toContain('Do you want to sign out of the console');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await browserFetch(jar, new URL(action), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${SIGN_OUT}?state=bye`);

    const session = await browserFetch(jar, new URL('/api/v1/auth/session', t.baseUrl));
    expect(session.status).toBe(401);
    expect((await navigate(t, jar, (await start()).url)).url.pathname).toBe('/auth/login');
  });
});
