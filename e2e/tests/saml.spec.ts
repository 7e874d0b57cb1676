import { type Browser, expect, type Page, test } from '@playwright/test';
import { SAML_IDP_LOGIN_BUTTON, type SamlIdp, startSamlIdp } from '../../apps/api/test/saml-idp';
import { violationsOn } from './axe';
import { signInAsDemo } from './demo';
import { IdentityProvidersScreen } from './identity-providers.page';
import { LoginPage } from './login.page';

const run = Date.now().toString(36);
/** The test IdP's port follows the run's (E2E_PORT + 12), so runs on other ports do not collide. */
const IDP_PORT = Number(process.env.E2E_SAML_IDP_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 12);
const providerName = `Acme SAML ${run}`;
const account = {
  // On the demo's verified domain: single sign-on creates users only there.
  email: `grace-${run}@demo.example.com`,
  firstName: 'Grace',
  lastName: `Hopper ${run}`,
  groups: ['sf-backup-admins'],
};
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };

let idp: SamlIdp;
test.beforeAll(async () => {
  idp = await startSamlIdp(IDP_PORT);
  await idp.addAccounts([account]);
});
test.afterAll(async () => {
  await idp?.close();
});

/** At the IdP's own form: the account's address, then its sign-in button (it posts to our ACS). */
async function signInAtIdp(page: Page) {
  await expect(page).toHaveURL(new RegExp(`^${idp.base}/sso`));
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: SAML_IDP_LOGIN_BUTTON }).click();
}

/** A browser of its own at the demo tenant's login buttons. */
async function visitorAtButtons(browser: Browser, tenantName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await new LoginPage(page).open();
  await page.getByRole('button', { name: 'Use tenant name' }).click();
  await page.getByLabel('Tenant name').fill(tenantName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  return page;
}

test('a SAML provider from its metadata: Test sign-in shows the attributes, and a person signs in in Chromium', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  const demo = await signInAsDemo(admin);
  const screen = new IdentityProvidersScreen(admin);
  await screen.open();

  // The form: SAML 2.0, the IdP's metadata uploaded as a file, the attribute mapping.
  await admin.getByRole('link', { name: 'Create', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Create Identity Provider' })).toBeVisible();
  await admin.getByRole('textbox', { name: /^Name/ }).fill(providerName);
  await admin.getByRole('combobox', { name: 'Connection method' }).click();
  await admin.getByRole('option', { name: 'SAML 2.0' }).click();
  await admin.getByLabel('Upload metadata file').setInputFiles({
    name: 'idp-metadata.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(await idp.metadata()),
  });
  await expect(admin.getByLabel('Metadata XML')).toHaveValue(/EntityDescriptor/);
  await admin.getByLabel('E-mail attribute').fill('email');
  await admin.getByLabel('First name attribute').fill('firstName');
  await admin.getByLabel('Last name attribute').fill('lastName');
  expect(await violationsOn(admin)).toEqual([]);
  await admin.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(admin.getByText('Identity Provider was successfully created')).toBeVisible();
  await expect(
    admin.getByRole('heading', { level: 1, name: `Identity Provider: ${providerName}` }),
  ).toBeVisible();
  const providerId = admin.url().split('/').at(-1)!;

  try {
    // Our side, for the IdP's administrator: the entity id and ACS URL to copy, the SP metadata.
    await expect(admin.getByRole('textbox', { name: 'ACS URL' })).toHaveValue(
      new RegExp(`/api/v1/sso/saml/${providerId}/acs$`),
    );
    const metadata = await admin.request.get(`/api/v1/sso/saml/${providerId}/metadata`);
    expect(metadata.status()).toBe(200);
    await idp.registerSp(await metadata.text());
    // The toast fades out first: axe would measure its contrast half-way.
    await expect(admin.getByText('Identity Provider was successfully created')).toBeHidden({
      timeout: 15_000,
    });
    expect(await violationsOn(admin)).toEqual([]);

    // Test sign-in: the IdP, then what it sent, without anyone signed in.
    await admin.getByRole('link', { name: 'Test sign-in' }).click();
    await signInAtIdp(admin);
    await expect(admin.getByRole('heading', { level: 1, name: 'Test sign-in result' })).toBeVisible();
    await expect(admin.getByText('The response passed every check.')).toBeVisible();
    const attributes = admin.getByRole('table', { name: 'Attributes' });
    await expect(attributes.getByRole('row', { name: /groups sf-backup-admins/ })).toBeVisible();
    await expect(attributes.getByRole('row', { name: new RegExp(`email ${account.email}`) })).toBeVisible();
    expect(await violationsOn(admin)).toEqual([]);
    const users = await admin.request.get(
      `/api/v1/users?searchBy=email&searchText=${encodeURIComponent(account.email)}`,
      { headers: CONSOLE_HEADERS },
    );
    expect(((await users.json()) as { users: unknown[] }).users).toEqual([]);

    // A real sign-in from the login page's button lands signed in.
    const visitor = await visitorAtButtons(browser, demo.tenantName);
    await visitor.getByRole('link', { name: `Connect ${providerName}` }).click();
    await signInAtIdp(visitor);
    await expect(visitor.getByText(account.email, { exact: true })).toBeVisible();
    await expect(visitor).not.toHaveURL(/\/auth\/login/);
  } finally {
    // The demo tenant is shared: its login page loses the button again.
    const removed = await admin.request.delete(`/api/v1/identity-providers/${providerId}`, {
      headers: CONSOLE_HEADERS,
    });
    expect(removed.status()).toBe(204);
  }
});
