import { expect, type Page, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

const run = Date.now().toString(36);
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const before = `Audited ${run}`;
const after = `Renamed ${run}`;

/** A role and a group through the API: the rename, made in the screens, is what the trail records. */
async function createGroup(page: Page): Promise<void> {
  const role = await page.request.post('/api/v1/roles', {
    data: { name: `Audit role ${run}`, description: '' },
    headers: CONSOLE_HEADERS,
  });
  expect(role.status()).toBe(201);
  const { id: roleId } = (await role.json()) as { id: string };
  const group = await page.request.post('/api/v1/groups', {
    data: { name: before, description: '', roleId },
    headers: CONSOLE_HEADERS,
  });
  expect(group.status()).toBe(201);
}

test("a group's rename shows in the Audit Log with the name before and after", async ({ page }) => {
  await signInAsDemo(page);
  await createGroup(page);

  await openFromSidebar(page, 'Groups', 'Groups');
  await page.getByRole('link', { name: before }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Group: ${before}` })).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Name').fill(after);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Group: ${after}` })).toBeVisible();

  // The group's History opens the trail on it.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await expect(page).toHaveURL(/resourceType=group&resourceId=/);

  // The same event from the whole trail, by its filters. The bar is drawn anew for the new address
  // (keyed by it): typed into before that, the values would go with the old one.
  await openFromSidebar(page, 'Audit Log');
  const filters = page.getByRole('search', { name: 'Filter events' });
  await expect(filters.getByLabel('Resource id')).toHaveValue('');
  await filters.getByLabel('Resource type').fill('group');
  await filters.getByLabel('Action').selectOption('update');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=update/);
  const events = page.getByRole('table', { name: 'Audit events' });
  const row = events
    .getByRole('row')
    .filter({ hasText: `group: ${after}` })
    .first();
  await expect(row).toBeVisible();
  await expect(row.getByText('Success')).toBeVisible();

  await row.getByRole('button', { name: /^Details of update group/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Event: update group' });
  const name = drawer
    .getByRole('table', { name: 'Changes' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'name', exact: true }) });
  await expect(name.getByRole('cell')).toHaveText(['name', `"${before}"`, `"${after}"`]);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
});
