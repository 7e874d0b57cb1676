import { expect, test } from '@playwright/test';
import { violationsOn } from './axe';
import { demoLogin, signInAsDemo } from './demo';
import { LoginPage } from './login.page';

const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };

/**
 * The security overview, the first page of the demo's Owner: a refused password shows among the failed
 * sign-ins, the figure opens the audit log filtered to them, and axe finds nothing on either window.
 */
test('an Owner lands on the security overview, which counts a failed sign-in and links to it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const demo = demoLogin();
  // A wrong password from another browser: one failed sign-in of the demo account.
  const other = await browser.newContext();
  const refused = await other.request.post('/api/v1/auth/login', {
    data: { tenantName: demo.tenantName, email: demo.email, password: 'Not-the-password1!' },
    headers: CONSOLE_HEADERS,
  });
  expect(refused.status()).toBe(401);
  await other.close();

  await signInAsDemo(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Security overview' })).toBeVisible();
  const accounts = page.getByRole('region', { name: 'Failed sign-ins by account' });
  await expect(accounts.getByRole('link', { name: demo.email })).toBeVisible({ timeout: 15_000 });
  expect(await violationsOn(page)).toEqual([]);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/\/security-overview\?window=7d$/);
  await expect(accounts.getByRole('link', { name: demo.email })).toBeVisible({ timeout: 15_000 });
  expect(await violationsOn(page)).toEqual([]);

  await accounts.getByRole('link', { name: demo.email }).click();
  await expect(page).toHaveURL(/\/audit-log\?action=failed-sign-in&outcome=failure&from=.+&actor=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
});

test('the overview reads well on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const demo = demoLogin();
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(demo.tenantName, demo.email, demo.password);
  await expect(page).toHaveURL(/\/security-overview$/);
  await expect(page.getByRole('region', { name: 'Sign-ins', exact: true })).toBeVisible({ timeout: 15_000 });
  // One column: nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await violationsOn(page)).toEqual([]);
  await context.close();
});
