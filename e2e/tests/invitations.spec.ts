import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import { createGroup } from './identity-providers.page';
import { LoginPage, logOut } from './login.page';
import { openFromSidebar } from './navigation';
import { linkIn, mailCount, waitForMail } from './outbox';

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

/** Chooses an option of one of the list's filters (MUI selects are buttons with a listbox). */
async function filter(page: Page, name: string, option: string) {
  await page.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an invited user follows the mailed link, sets a password and signs in; a resend voids the first link', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const email = `invited-${stamp}@example.com`;
  const password = 'Invited-pass-123!';
  const demo = await signInAsDemo(page);
  await openFromSidebar(page, 'Users');

  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await expect(dialog.getByLabel('Password')).toHaveCount(0);
  await dialog.getByLabel('First name').fill('Ivy');
  await dialog.getByLabel('Last name').fill(`Invited ${stamp}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Invitation was successfully sent')).toBeVisible();
  const first = await waitForMail(email, /invited/);

  // The pending invitations: who sent it and until when the link works.
  await filter(page, 'Status', 'Pending invitation');
  await expect(page).toHaveURL(/status=WaitConfirmation/);
  const row = usersTable(page).getByRole('row').filter({ hasText: email });
  await expect(row.getByText(/^Invited by .+ · link expires /)).toBeVisible();

  // Resend: a new link, the first one stops working.
  await row.getByRole('link', { name: `Ivy Invited ${stamp}` }).click();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Resend invitation' }).click();
  await expect(page.getByText('Invitation was successfully resent')).toBeVisible();
  const second = await waitForMail(email, /invited/, 1);
  expect(linkIn(second, 'http://localhost:')).not.toBe(linkIn(first, 'http://localhost:'));
  await logOut(page);

  await page.goto(linkIn(first, 'http://localhost:'));
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.goto(linkIn(second, 'http://localhost:'));
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password was successfully changed')).toBeVisible();

  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(demo.tenantName, email, password);
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(page.getByText(email)).toBeVisible();
  expect(mailCount(email)).toBe(2);
});

test('users list: filters by administrator, status and MFA, sorts by a header, all kept in the URL', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await signInAsDemo(page);
  // Two users to tell the filters apart: an administrator and a member, both with a password.
  for (const [firstName, isAdmin] of [
    ['Aaron', false],
    ['Zelda', true],
  ] as const) {
    const created = await page.request.post('/api/v1/users', {
      headers: { 'x-requested-with': 'skyvault-console' },
      data: {
        firstName,
        lastName: `Sorted ${stamp}`,
        email: `${firstName.toLowerCase()}-${stamp}@example.com`,
        password: 'Sorted-pass-123!',
        isAdmin,
      },
    });
    expect(created.status()).toBe(201);
  }
  await openFromSidebar(page, 'Users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(`Sorted ${stamp}`);
  const table = usersTable(page);
  await expect(table.getByText(`aaron-${stamp}@example.com`)).toBeVisible();
  await expect(table.getByText(`zelda-${stamp}@example.com`)).toBeVisible();

  await filter(page, 'Administrator', 'Administrators');
  await expect(table.getByText(`aaron-${stamp}@example.com`)).toBeHidden();
  await expect(table.getByText(`zelda-${stamp}@example.com`)).toBeVisible();
  await filter(page, 'Administrator', 'Not administrators');
  await expect(table.getByText(`zelda-${stamp}@example.com`)).toBeHidden();
  await expect(table.getByText(`aaron-${stamp}@example.com`)).toBeVisible();
  await filter(page, 'Administrator', 'Everyone');

  // Sorted by name: A before Z, then the other way round; the order is in the URL and survives a reload.
  await table.getByRole('button', { name: 'User' }).click();
  await expect(page).toHaveURL(/sort=name&order=asc/);
  await expect(table.getByRole('row').nth(1)).toContainText('Aaron');
  await table.getByRole('button', { name: 'User' }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(table.getByRole('row').nth(1)).toContainText('Zelda');
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText('Zelda');
  // Neither has ever signed in; nobody here has MFA; none of them is disabled.
  await expect(table.getByRole('row').nth(1)).toContainText('Never');
  // The filtered, sorted list meets WCAG 2.1 AA, and fits a phone's width (the table scrolls in itself).
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await filter(page, 'MFA', 'MFA enrolled');
  await expect(table.getByText('No data available')).toBeVisible();
  await filter(page, 'MFA', 'Any MFA state');
  await filter(page, 'Status', 'Disabled');
  await expect(table.getByText('No data available')).toBeVisible();
  await expect(page).toHaveURL(/status=Disabled/);
});

test("a user's effective permissions follow a change of group without a reload", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInAsDemo(page);
  const groupName = `Perm group ${stamp}`;
  await createGroup(page, groupName);
  const created = await page.request.post('/api/v1/users', {
    headers: { 'x-requested-with': 'skyvault-console' },
    data: {
      firstName: 'Paula',
      lastName: `Perm ${stamp}`,
      email: `paula-${stamp}@example.com`,
      password: 'Perm-pass-123!',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/users/${id}`);
  const permissions = page.getByRole('region', { name: 'Effective permissions' });
  await expect(permissions.getByText(/No group with a role/)).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByRole('combobox', { name: 'Group' }).fill(groupName);
  await page.getByRole('option', { name: groupName }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User was successfully updated')).toBeVisible();
  // The role's answer replaces the card's: each service the tenant has, with no access granted yet.
  await expect(permissions.getByText(/No group with a role/)).toBeHidden();
  await expect(permissions.getByRole('heading', { name: 'DevOps' })).toBeVisible();
  await expect(permissions.getByText('No access').first()).toBeVisible();
});
