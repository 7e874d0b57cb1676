import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { OPENID_LOGIN_BUTTON } from '../../apps/api/test/openid-provider';
import { demoLogin } from './demo';
import { createGroup, IdentityProvidersScreen, useOpenIdProvider } from './identity-providers.page';
import { LoginPage } from './login.page';
import { MfaPage } from './mfa.page';

const run = Date.now().toString(36);
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 8191);
const providerName = `Local IdP ${run}`;
const buttonName = `Connect ${providerName}`;
const groupName = `Single sign-on ${run}`;
const account = {
  sub: `alice-${run}`,
  // On the demo tenant's verified domain: only there does a first sign-in create the user.
  email: `alice-${run}@demo.example.com`,
  givenName: 'Alice',
  familyName: `Sso ${run}`,
};
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const SSO_FAILED = 'Single sign-on did not complete. Please try again or log in with your password.';

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const provider = useOpenIdProvider({ port: IDP_PORT, clientId: `skyvault-${run}`, accounts: [account] });

/** A browser of its own (no cookies at the console or the provider), on the login page at the tenant's buttons. */
async function visitorAtButtons(browser: Browser, tenantName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.open();
  await page.getByRole('button', { name: 'Use tenant name' }).click();
  await page.getByLabel('Tenant name').fill(tenantName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  return page;
}

/** Follows the button to the provider's own sign-in form. */
async function toProviderForm(page: Page) {
  await page.getByRole('link', { name: buttonName }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider().interactionPath}/`));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('User id or e-mail').fill(account.email);
}

/** Signs in at the provider and comes back to the console, signed in as the provider's user. */
async function signInThroughProvider(page: Page) {
  await toProviderForm(page);
  await page.getByRole('button', { name: OPENID_LOGIN_BUTTON }).click();
  await expect(page.getByText(account.email, { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** The tenant's users with the provider user's e-mail, as the administrator's API sees them. */
async function usersWithEmail(admin: Page) {
  const res = await admin.request.get(
    `/api/v1/users?searchBy=email&searchText=${encodeURIComponent(account.email)}`,
    { headers: CONSOLE_HEADERS },
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { users: { id: string; email: string; group: { name: string } | null }[] })
    .users;
}

test('a new user signs in through the tenant’s OpenID provider and lands in its default group', async ({
  browser,
}) => {
  // Two browsers, two sign-ins and a round trip through the provider: near a minute on a busy machine.
  test.setTimeout(120_000);
  const demo = demoLogin();
  const admin = await (await browser.newContext()).newPage();
  const adminLogin = new LoginPage(admin);
  await adminLogin.open();
  await adminLogin.withTenantName(demo.tenantName, demo.email, demo.password);
  // An Owner's first page.
  await expect(admin).toHaveURL(/\/security-overview$/);

  // The tenant adds its provider, with a default group for the users it brings.
  await createGroup(admin, groupName);
  const providers = new IdentityProvidersScreen(admin);
  await providers.open();
  await providers.create({
    name: providerName,
    clientId: provider().clientId,
    clientSecret: provider().clientSecret,
    issuer: provider().issuer,
    defaultGroup: groupName,
  });

  // Its button shows on the login page; a user unknown to the tenant signs in through it.
  const first = await visitorAtButtons(browser, demo.tenantName);
  await signInThroughProvider(first);
  const [user, ...others] = await usersWithEmail(admin);
  expect(others).toHaveLength(0);
  expect(user?.group?.name).toBe(groupName);
  await first.context().close();

  // A second sign-in finds the same user.
  const second = await visitorAtButtons(browser, demo.tenantName);
  await signInThroughProvider(second);
  const again = await usersWithEmail(admin);
  expect(again.map(({ id }) => id)).toEqual([user!.id]);

  // With an MFA device, a sign-in through the provider also asks for the code (the user's MFA rule).
  const mfa = new MfaPage(second);
  await mfa.open();
  const secret = await mfa.enrol('Alice-phone', (s) => codeAt(s));
  await second.context().close();
  const third = await visitorAtButtons(browser, demo.tenantName);
  await toProviderForm(third);
  await third.getByRole('button', { name: OPENID_LOGIN_BUTTON }).click();
  const thirdLogin = new LoginPage(third);
  await expect(thirdLogin.mfaDialog).toBeVisible();
  await expect(third).not.toHaveURL(/ssoTicket/);
  await thirdLogin.submitTotp(codeAt(secret) === '000000' ? '111111' : '000000');
  await expect(thirdLogin.mfaDialog.getByText('The verification code is incorrect.')).toBeVisible();
  await thirdLogin.submitTotp(codeAt(secret, 1));
  await expect(third.getByText(account.email, { exact: true })).toBeVisible();
  await expect(third).not.toHaveURL(/\/auth\/login/);
  await third.context().close();

  // A sign-in under way when the provider is disabled…
  const pending = await visitorAtButtons(browser, demo.tenantName);
  await toProviderForm(pending);

  await providers.act('Disable');
  await expect(admin.getByText('Identity Provider was successfully disabled')).toBeVisible();

  // …is refused at the callback: back on the login page with the reason, not signed in.
  await pending.getByRole('button', { name: OPENID_LOGIN_BUTTON }).click();
  await expect(pending).toHaveURL(/\/auth\/login/);
  await expect(pending.getByRole('alert')).toHaveText(SSO_FAILED);
  await expect(pending.getByRole('heading', { name: 'Log in' })).toBeVisible();
  const session = await pending.request.get('/api/v1/auth/session');
  expect(session.status()).toBe(401);
  await pending.context().close();

  // And the button is gone.
  const later = await visitorAtButtons(browser, demo.tenantName);
  await expect(later.getByRole('link', { name: buttonName })).toBeHidden();
  await later.context().close();

  // Tidy: the demo tenant's login page should offer no leftover provider to other browser tests.
  await providers.act('Delete');
  await expect(admin.getByText('IdentityProvider was successfully deleted')).toBeVisible();
  await admin.context().close();
});
