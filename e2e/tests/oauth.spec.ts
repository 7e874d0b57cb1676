import { createServer, type Server } from 'node:http';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import * as client from 'openid-client';
import { demoLogin } from './demo';
import { LoginPage } from './login.page';
import { linkIn, waitForMail } from './outbox';

/**
 * A connected app signing users in: openid-client in this process is the app, a tiny server on the
 * loopback address is its callback, Chromium is the user going through the console's login.
 */
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 8190);
const appUrl = `http://127.0.0.1:${APP_PORT}`;
const CALLBACK = `${appUrl}/callback`;
const SIGNED_OUT = `${appUrl}/signed-out`;
const CONSOLE = { 'x-requested-with': 'skyvault-console' };
const ACCESS_MINUTES = 5;

let callbackServer: Server;
let admin: APIRequestContext;
let app: { id: string; clientId: string; clientSecret: string };
let config: client.Configuration;
let issuer: string;
/** The refresh token the app holds after the first sign-in; Disable must kill it. */
let heldRefreshToken: string;

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  issuer = `${baseURL}/oauth`;
  callbackServer = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!DOCTYPE html><title>Test app</title><h1>${req.url?.startsWith('/signed-out') ? 'Signed out' : 'Back at the app'}</h1>`,
    );
  });
  await new Promise<void>((resolve) => callbackServer.listen(APP_PORT, '127.0.0.1', resolve));

  // The demo administrator registers the app through the applications API.
  const demo = demoLogin();
  admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: CONSOLE });
  expect(
    (
      await admin.post('/api/v1/auth/login', {
        data: { tenantName: demo.tenantName, email: demo.email, password: demo.password },
      })
    ).status(),
  ).toBe(200);
  const created = await admin.post('/api/v1/applications', { data: { name: `Oidc app ${run}` } });
  expect(created.status()).toBe(201);
  app = await created.json();
  const patched = await admin.patch(`/api/v1/applications/${app.id}`, {
    data: {
      data: {
        oauth: {
          allowedFlows: ['authorization_code', 'refresh_token'],
          allowedScopes: ['offline_access'],
          authorizedCallbackURLs: [CALLBACK],
          authorizedSignOutURLs: [SIGNED_OUT],
        },
        authorizationPolicy: {
          accessTokenLifetime: ACCESS_MINUTES * 60_000,
          refreshTokenLifetime: 24 * 60 * 60_000,
        },
      },
    },
  });
  expect(patched.status()).toBe(200);
  config = await discoverAs(app.clientSecret);
});

test.afterAll(async () => {
  await admin?.dispose();
  await new Promise((resolve) => callbackServer?.close(resolve));
});

const discoverAs = (secret: string) =>
  client.discovery(new URL(issuer), app.clientId, undefined, client.ClientSecretBasic(secret), {
    execute: [client.allowInsecureRequests],
  });

/** The app's authorization request, with its PKCE verifier and state kept for the code exchange. */
async function authorizationRequest(params: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid email profile offline_access',
    prompt: 'consent',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...params,
  });
  const exchange = (callback: string) =>
    client.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  return { url: url.href, exchange };
}

/** Sent to the app's authorization URL, the user meets the console's login and signs in there. */
async function signInThroughConsole(
  page: Page,
  url: string,
  who: { tenantName: string; email: string; password: string },
) {
  await page.goto(url);
  await expect(page).toHaveURL(/\/auth\/login\?authorized=true&redirectTo=%2Foauth%2Finteraction%2F/);
  await expect(page.getByText('Please log in to continue.')).toBeVisible();
  await new LoginPage(page).withTenantName(who.tenantName, who.email, who.password);
}

test('the app signs the demo administrator in: discovery, code + PKCE through the console login, userinfo, refresh', async ({
  page,
}) => {
  const discovery = await (await page.request.get(`${issuer}/.well-known/openid-configuration`)).json();
  expect(discovery).toMatchObject({
    issuer,
    code_challenge_methods_supported: ['S256'],
    response_types_supported: ['code'],
  });

  const demo = demoLogin();
  const request = await authorizationRequest();
  await signInThroughConsole(page, request.url, demo);
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  await expect(page.getByRole('heading', { name: 'Back at the app' })).toBeVisible();
  const callback = new URL(page.url());
  expect(callback.searchParams.get('iss')).toBe(issuer);

  const tokens = await request.exchange(callback.href);
  const claims = tokens.claims()!;
  expect(claims).toMatchObject({ iss: issuer, aud: app.clientId, tenant: demo.tenantName });
  const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  expect(info).toMatchObject({ email: demo.email, tenant: demo.tenantName });

  // The access token lives exactly the app's access token lifetime.
  expect(tokens.expires_in).toBe(ACCESS_MINUTES * 60);
  const introspected = await client.tokenIntrospection(config, tokens.access_token);
  expect(introspected.exp! - introspected.iat!).toBe(ACCESS_MINUTES * 60);

  // Offline Access gives a refresh token; each use rotates it and the used one stops working. Using a
  // used one again is taken for theft: the whole chain is revoked.
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  const again = await client.refreshTokenGrant(config, refreshed.refresh_token!);
  await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
  await expect(client.refreshTokenGrant(config, again.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });

  // Further authorizations in the signed-in browser need no login at all; without offline_access
  // there is no refresh token.
  const withoutOffline = await authorizationRequest({ scope: 'openid' });
  await page.goto(withoutOffline.url);
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  const plain = await withoutOffline.exchange(page.url());
  expect(plain.claims()!.sub).toBe(claims.sub);
  expect(plain.refresh_token).toBeUndefined();

  const offline = await authorizationRequest();
  await page.goto(offline.url);
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  heldRefreshToken = (await offline.exchange(page.url())).refresh_token!;
  expect(heldRefreshToken).toMatch(/^[A-Za-z0-9_-]{32,}$/);
});

test('refuses an unregistered redirect URI with a page of its own, and a wrong client secret', async ({
  page,
}) => {
  const request = await authorizationRequest({ redirect_uri: `${appUrl}/elsewhere` });
  await page.goto(request.url);
  await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
  await expect(page.getByText('redirect_uri did not match any of the client')).toBeVisible();
  expect(page.url().startsWith(issuer)).toBe(true);

  const wrong = await discoverAs('not-the-secret');
  await expect(client.refreshTokenGrant(wrong, heldRefreshToken)).rejects.toMatchObject({ status: 401 });
});

test('refuses a user of another tenant on a single-tenant app, and asks them on a multi-tenant one', async ({
  page,
  request: api,
}) => {
  const email = `oscar@other${run}.example.com`;
  const password = 'Other-tenant-pw1';
  const signUp = await api.post('/api/v1/tenants', {
    headers: CONSOLE,
    data: { firstName: 'Oscar', lastName: 'Other', email, password, confirmPassword: password },
  });
  expect(signUp.status()).toBe(201);
  const link = new URL(linkIn(await waitForMail(email, /Verify your email/), 'http://localhost:'));
  const verified = await api.post('/api/v1/tenants/verify', {
    headers: CONSOLE,
    data: { token: link.searchParams.get('token') },
  });
  expect(verified.status()).toBe(200);
  const { tenantName } = await verified.json();

  const request = await authorizationRequest();
  await signInThroughConsole(page, request.url, { tenantName, email, password });
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  const callback = new URL(page.url());
  expect(callback.searchParams.get('error')).toBe('access_denied');
  expect(callback.searchParams.get('code')).toBeNull();

  // Multi-tenant, the app asks Oscar first: Deny goes back to the app with access_denied, Allow signs him in.
  expect((await admin.patch(`/api/v1/applications/${app.id}`, { data: { shared: true } })).status()).toBe(
    200,
  );
  const denied = await authorizationRequest();
  await page.goto(denied.url);
  await expect(page.getByRole('heading', { name: `Allow Oidc app ${run}?` })).toBeVisible();
  await expect(page.getByText(`as ${email} of the tenant ${tenantName}`)).toBeVisible();
  await expect(page.getByText('Stay connected to your account while you are away')).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');

  const allowed = await authorizationRequest();
  await page.goto(allowed.url);
  await expect(page.getByRole('button', { name: 'Allow' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  const tokens = await allowed.exchange(page.url());
  expect(tokens.claims()).toMatchObject({ tenant: tenantName, aud: app.clientId });
});

test('after Disable the app cannot sign anyone in and its refresh token no longer works', async ({
  page,
}) => {
  // The refresh token still works up to this moment.
  const still = await client.refreshTokenGrant(config, heldRefreshToken);
  heldRefreshToken = still.refresh_token!;

  expect((await admin.patch(`/api/v1/applications/${app.id}/disable`)).status()).toBe(200);
  await expect(client.refreshTokenGrant(config, heldRefreshToken)).rejects.toMatchObject({ status: 401 });

  const request = await authorizationRequest();
  await page.goto(request.url);
  await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
  await expect(page.getByText('invalid_client')).toBeVisible();

  // Enabling it again does not bring the revoked token back.
  expect((await admin.patch(`/api/v1/applications/${app.id}/enable`)).status()).toBe(200);
  await expect(client.refreshTokenGrant(config, heldRefreshToken)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
});
