import { expect, type Page, test } from '@playwright/test';
import { violationsOn } from './axe';
import { signInAsDemo } from './demo';
import { LoginPage } from './login.page';

const run = Date.now().toString(36);
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const PASSWORD = 'Roles-e2e-1!';
const member = { firstName: 'Rosa', lastName: `Roles ${run}`, email: `rosa-${run}@roles.example.com` };

/** Set-up through the API with the signed-in browser's session: the screens under test come after. */
async function post(page: Page, url: string, data: unknown): Promise<{ id: string }> {
  const res = await page.request.post(url, { data, headers: CONSOLE_HEADERS });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

const rolesCard = (page: Page) => page.getByRole('region', { name: 'Administrator roles' });

test('an Owner grants a user a role directly and for a time, and a group a role; the user sees what they open', async ({
  page,
  browser,
}) => {
  // Three screens checked with axe in both colour modes, and a second browser: longer than one screen's test.
  test.setTimeout(180_000);
  const demo = await signInAsDemo(page);
  const role = await post(page, '/api/v1/roles', { name: `Plain ${run}`, description: '' });
  const group = await post(page, '/api/v1/groups', { name: `Auditors ${run}`, roleId: role.id });
  const user = await post(page, '/api/v1/users', { ...member, password: PASSWORD });

  // Directly: User administrator.
  await page.goto(`/users/${user.id}`);
  const card = rolesCard(page);
  await card.getByRole('checkbox', { name: /User administrator/ }).check();
  await card.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText('Administrator roles were successfully saved')).toBeVisible();

  // For a time: Environment administrator for an hour.
  const form = card.getByRole('form', { name: 'Grant for a time' });
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Environment administrator' }).click();
  await form.getByRole('combobox', { name: 'For' }).click();
  await page.getByRole('option', { name: '1 hour' }).click();
  await form.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByText('The role was granted for a time')).toBeVisible();
  await expect(card.getByText(/^until /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'End now: Environment administrator' })).toBeVisible();
  // Checked as the screen stands, not while a toast fades in.
  await page.reload();
  await expect(card.getByRole('button', { name: 'End now: Environment administrator' })).toBeVisible();
  expect(await violationsOn(page)).toEqual([]);

  // A group's role: Auditor, which its members hold (the user is not one).
  await page.goto(`/groups/${group.id}`);
  const groupCard = page.getByRole('region', { name: 'Administrator roles' });
  await groupCard.getByRole('checkbox', { name: /Auditor/ }).check();
  await groupCard.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText("The group's administrator roles were saved")).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Administrator roles' }).getByRole('checkbox', { name: /Auditor/ }),
  ).toBeChecked();
  expect(await violationsOn(page)).toEqual([]);

  // The user, in a browser of their own: Users (their own role) and Storages (for a time), not Webhooks.
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  const login = new LoginPage(theirPage);
  await login.open();
  await login.withTenantName(demo.tenantName, member.email, PASSWORD);
  const nav = theirPage.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Storages' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);

  // The group's role reaches them once they join it.
  const joined = await page.request.patch(`/api/v1/groups/${group.id}/users`, {
    data: { users: [{ id: user.id }] },
    headers: CONSOLE_HEADERS,
  });
  expect(joined.status()).toBeLessThan(300);
  await theirPage.reload();
  await expect(nav.getByRole('link', { name: 'Webhooks' })).toBeVisible();
  await page.goto(`/users/${user.id}`);
  await expect(rolesCard(page).getByText(`through group Auditors ${run}`)).toBeVisible();
  await theirs.close();
});
