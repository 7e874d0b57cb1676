import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  OPENID_LOGIN_BUTTON,
  type OpenIdProvider,
  startOpenIdProvider,
} from '../../apps/api/test/openid-provider';
import { violationsOn } from './axe';
import type { DemoLogin } from './demo';
import { LoginPage } from './login.page';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * Home-realm discovery in Chromium: an address on the tenant's verified domain, typed at the login's
 * e-mail step, goes straight to the domain's identity provider (the OIDC stand-in, which shows the
 * address it was given as login_hint) and comes back signed in. The domain is verified on a server of
 * the spec's own (verification itself is DNS's, tested elsewhere): its data dir gets the row while that
 * server is stopped, so the shared demo tenant is left as it was.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const run = Date.now().toString(36);
const DOMAIN = `sso-${run}.example.com`;
const OFFSET = 5;
const base = `http://localhost:${Number(process.env.E2E_PORT ?? 8181) + OFFSET}`;
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 8191);
const CLIENT_ID = `skyvault-hrd-${run}`;
const CLIENT_SECRET = randomBytes(24).toString('base64url');
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const alice = { sub: `alice-${run}`, email: `alice@${DOMAIN}`, givenName: 'Alice', familyName: 'Realm' };

let idp: OpenIdProvider;
let server: OwnServer;

test.beforeAll(async () => {
  // A server of its own, started twice on a fresh data dir: minutes on a busy machine.
  test.setTimeout(180_000);
  idp = await startOpenIdProvider({
    port: IDP_PORT,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${base}/api/v1/sso/callback`,
    accounts: [alice],
  });
  server = await startOwnServer(
    OFFSET,
    { PUBLIC_URL: base, OUTBOUND_PRIVATE_NETWORKS: 'true' },
    (dataDir) => {
      const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-login.json'), 'utf8')) as DemoLogin;
      execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'apps/api/test/verified-domain.cli.ts'), demo.tenantName, DOMAIN],
        { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'pipe' },
      );
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

/** The demo administrator, signed in on the spec's own server. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(server.demo.tenantName, server.demo.email, server.demo.password);
  // An Owner's first page.
  await expect(page).toHaveURL(/\/security-overview$/);
  return page;
}

/** Adds an OpenID provider (the stand-in) through the API; answers its id. */
async function addProvider(admin: Page, name: string): Promise<string> {
  const res = await admin.request.post(`${base}/api/v1/identity-providers`, {
    headers: CONSOLE_HEADERS,
    data: {
      name,
      type: 'OpenId',
      buttonText: `Sign in with ${name}`,
      providerData: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer: idp.issuer },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('an address on a verified domain goes straight to its provider and comes back signed in', async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  const first = await addProvider(admin, `Realm IdP ${run}`);

  // Security → Authentication: the domain's card routes it to the provider.
  await admin.goto('/authentication');
  const card = admin.getByRole('region', { name: DOMAIN });
  await expect(card).toBeVisible();
  await card.getByRole('combobox', { name: 'Add identity provider' }).click();
  await admin.getByRole('option', { name: `Realm IdP ${run}` }).click();
  await expect(card.getByText(`1. Realm IdP ${run}`)).toBeVisible();
  // Before the save's toast, which axe would read while it fades in.
  expect(await violationsOn(admin)).toEqual([]);
  await card.getByRole('button', { name: `Save ${DOMAIN}` }).click();
  await expect(admin.getByText(`Sign-in of ${DOMAIN} was saved`)).toBeVisible();

  // A visitor types the address: no code, straight to the provider, which was given the address.
  const visitor = await (await browser.newContext({ baseURL: base })).newPage();
  await new LoginPage(visitor).open();
  await visitor.getByLabel('Email').fill(alice.email);
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor).toHaveURL(new RegExp(`^${idp.interactionPath}/`));
  await expect(visitor.getByLabel('User id or e-mail')).toHaveValue(alice.email);
  await visitor.getByRole('button', { name: OPENID_LOGIN_BUTTON }).click();
  await expect(visitor).toHaveURL(new RegExp(`^${base}/`));
  await expect(visitor).not.toHaveURL(/\/auth\/login/);
  await expect(visitor.getByText(alice.email, { exact: true })).toBeVisible();

  // With a second provider the login page offers the choice, and another way in.
  const second = await addProvider(admin, `Second IdP ${run}`);
  const domains = await admin.request.get(`${base}/api/v1/sso-enforcement/domains`, {
    headers: CONSOLE_HEADERS,
  });
  const { domains: rows } = (await domains.json()) as { domains: { id: string; domain: string }[] };
  const domainId = rows.find((row) => row.domain === DOMAIN)!.id;
  const saved = await admin.request.put(`${base}/api/v1/sso-enforcement/domains/${domainId}`, {
    headers: CONSOLE_HEADERS,
    data: { providerIds: [second, first], enforceSso: false, apiTokensUnderEnforcement: false },
  });
  expect(saved.status()).toBe(200);
  const chooser = await (await browser.newContext({ baseURL: base })).newPage();
  await new LoginPage(chooser).open();
  await chooser.getByLabel('Email').fill(`bob@${DOMAIN}`);
  await chooser.getByRole('button', { name: 'Continue' }).click();
  const choice = chooser.getByRole('region', { name: 'Choose how to sign in' });
  await expect(choice.getByRole('link')).toHaveText([
    `Sign in with Second IdP ${run}`,
    `Sign in with Realm IdP ${run}`,
  ]);
  expect(await violationsOn(chooser)).toEqual([]);
  await chooser.getByRole('button', { name: 'Use a different sign-in' }).click();
  await expect(chooser.getByLabel('Email')).toHaveValue(`bob@${DOMAIN}`);
});
