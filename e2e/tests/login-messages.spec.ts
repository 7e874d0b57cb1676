import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demoLogin } from './demo';
import { LoginPage } from './login.page';
import { codeIn, linkIn, mailCount, waitForMail } from './outbox';

const run = Date.now().toString(36);
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const PASSWORD = 'Messages-e2e-1!';
const WRONG_CREDENTIALS = 'The e-mail, tenant name or password is incorrect.';

/** The WCAG 2.1 A and AA rules axe finds broken on the page as it is now (accessibility.spec.ts). */
async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((violation) => violation.id);
}

/** The login page's password input (its visibility toggle also says "password"). */
const passwordField = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });

/** A confirmed user of the demo tenant, made through the API with the demo administrator's session. */
async function demoUser(request: APIRequestContext, name: string) {
  const demo = demoLogin();
  const signedIn = await request.post('/api/v1/auth/login', {
    data: { tenantName: demo.tenantName, email: demo.email, password: demo.password },
    headers: CONSOLE_HEADERS,
  });
  expect(signedIn.status()).toBe(200);
  const email = `${name}-${run}@messages.example.com`;
  const created = await request.post('/api/v1/users', {
    data: { firstName: 'Rita', lastName: `Reset ${run}`, email, password: PASSWORD },
    headers: CONSOLE_HEADERS,
  });
  expect(created.status()).toBe(201);
  return { id: ((await created.json()) as { id: string }).id, email, tenantName: demo.tenantName };
}

test('an e-mail without tenants gets its code, then the warning with sign-up for it', async ({ page }) => {
  // On a phone's width: the warning, its text and its ways out fit without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `nobody-${run}@messages.example.com`;
  const login = new LoginPage(page);
  await login.open();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The code comes as for any address: only its check tells that no tenant uses it.
  const mail = await waitForMail(email, /verification code/);
  await page.getByLabel('Verification code').fill(codeIn(mail));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('alert')).toHaveText('No Tenants found for this email');
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Login with a different email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const second = await waitForMail(email, /verification code/, 1);
  await page.getByLabel('Verification code').fill(codeIn(second));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Sign up with this e-mail' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test("an administrator's reset: the e-mail says the old password is void, and the login with it says to check the e-mail", async ({
  page,
  request,
}) => {
  const user = await demoUser(request, 'reset');
  const before = mailCount(user.email);
  const reset = await request.post(`/api/v1/users/password/${user.id}/reset`, {
    data: {},
    headers: CONSOLE_HEADERS,
  });
  expect(reset.status()).toBe(204);
  const mail = await waitForMail(user.email, /password was reset/, before);
  expect(mail.text).toContain('Your old password no longer works');
  expect(mail.text).not.toContain('stays the same');

  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(user.tenantName, user.email, PASSWORD);
  await expect(passwordField(page)).toHaveAccessibleDescription(
    /Your administrator reset your password, so it no longer works\. Open the link in the e-mail/,
  );
  await expect(page).toHaveURL(/\/auth\/login/);

  // The e-mailed link is the way back in.
  await page.goto(linkIn(mail, 'http://localhost:'));
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
});

test('a verification link a newer e-mail replaced says so; the used link reloads as a success', async ({
  page,
  request,
}) => {
  const email = `owner-${run}@verify-${run}.example.com`;
  const signedUp = await request.post('/api/v1/tenants', {
    data: { firstName: 'Vera', lastName: 'Fied', email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: CONSOLE_HEADERS,
  });
  expect(signedUp.status()).toBe(201);
  const first = await waitForMail(email, /Verify your email/);
  const resent = await request.post('/api/v1/tenants/verification-email', {
    data: { email },
    headers: CONSOLE_HEADERS,
  });
  expect(resent.status()).toBe(204);
  const second = await waitForMail(email, /Verify your email/, 1);

  await page.goto(linkIn(first, 'http://localhost:'));
  await expect(page.getByRole('alert')).toHaveText(
    'This verification link was replaced by a newer one. Your organization is not verified yet: open the link in the latest e-mail we sent you.',
  );

  await page.goto(linkIn(second, 'http://localhost:'));
  await expect(page.getByRole('heading', { name: 'Your organization is active' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your organization is active' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
});

test('the password step asks only for a password and shows a refusal next to the field', async ({
  page,
  request,
}) => {
  const user = await demoUser(request, 'typed');
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(user.tenantName, user.email, '');
  await expect(passwordField(page)).toHaveAccessibleDescription('Password is required');
  // Neither 8 long nor with a special symbol: sent, and answered as a wrong password, on the field.
  await passwordField(page).fill('abc');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(passwordField(page)).toHaveAccessibleDescription(WRONG_CREDENTIALS);
  await expect(passwordField(page)).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await passwordField(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/(licenses|security-overview)$/);
});
