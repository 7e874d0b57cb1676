import { expect, type Page, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

const run = Date.now().toString(36);
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const LOCKOUT = 'This change would block your own address.';

/**
 * The browser reaches the server (listening on 127.0.0.1) from 127.0.0.1, so every range here holds it.
 * Later specs sign in as the same administrator: whatever happens, the tenant ends with no range.
 */
async function removeEveryRange(page: Page) {
  const res = await page.request.get('/api/v1/ip-ranges', { headers: CONSOLE_HEADERS });
  if (!res.ok()) return;
  const { ipRanges } = (await res.json()) as { ipRanges: { id: string }[] };
  for (const { id } of ipRanges) {
    await page.request.delete(`/api/v1/ip-ranges/${id}`, { headers: CONSOLE_HEADERS });
  }
}

test.afterEach(async ({ page }) => {
  await removeEveryRange(page);
  const left = await page.request.get('/api/v1/ip-ranges', { headers: CONSOLE_HEADERS });
  if (left.ok()) expect(((await left.json()) as { total: number }).total).toBe(0);
});

test('an administrator permits a range holding their address, edits it, is kept from locking themself out, and deletes it', async ({
  page,
}) => {
  await signInAsDemo(page);

  await openFromSidebar(page, 'Network Access');
  await expect(page.getByText('No IP ranges yet')).toBeVisible();

  // Create, first with a backwards range, which the form refuses.
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create IP range' });
  await create.getByLabel('Name').fill(`Loopback ${run}`);
  await create.getByLabel('Start IP address').fill('127.0.0.255');
  await create.getByLabel('End IP address').fill('127.0.0.0');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('End IP address should not be less than the start IP address')).toBeVisible();
  await create.getByLabel('Start IP address').fill('127.0.0.0');
  await create.getByLabel('End IP address').fill('127.0.0.127');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Permitted IP was successfully created')).toBeVisible();
  await expect(create).toBeHidden();
  const table = page.getByRole('table', { name: 'IP ranges' });
  await expect(
    table.getByRole('row', { name: new RegExp(`Loopback ${run} 127\\.0\\.0\\.0 127\\.0\\.0\\.127`) }),
  ).toBeVisible();

  // Its details, and an edit.
  await table.getByRole('link', { name: `Loopback ${run}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `IP range: Loopback ${run}` })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit IP range' });
  await expect(edit.getByLabel('Start IP address')).toHaveValue('127.0.0.0');
  await edit.getByLabel('Name').fill(`Local ${run}`);
  await edit.getByLabel('End IP address').fill('127.0.0.255');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Permitted IP was successfully updated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `IP range: Local ${run}` })).toBeVisible();
  await expect(page.getByText('127.0.0.255')).toBeVisible();

  // An edit that would leave 127.0.0.1 outside every range is refused with the reason.
  await page.getByRole('button', { name: 'Edit' }).click();
  await edit.getByLabel('Start IP address').fill('127.0.0.2');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toContainText(LOCKOUT);
  // The refused change is still unsaved: closing asks before it is dropped.
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('127.0.0.0')).toBeVisible();

  // Delete, after confirming; the list is empty again.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm deletion of this IP range?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Permitted IP was successfully deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/ip-ranges$/);
  await expect(page.getByText('No IP ranges yet')).toBeVisible();
});
