import { expect, type Page, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };

/**
 * A connected org to give rights on: a storage and a connection through the API, then the browser
 * through the Salesforce stand-in's login, which approves at once and returns to the console.
 */
async function connectOrg(page: Page, name: string) {
  const storage = await page.request.post('/api/v1/storages', {
    data: { name: `${name}-vault`, type: 'Local' },
    headers: CONSOLE_HEADERS,
  });
  expect(storage.status()).toBe(201);
  const created = await page.request.post('/api/v1/connections', {
    data: {
      name,
      type: 'Salesforce',
      config: { authorizationMethod: 'authorization_code', organizationType: 'Production' },
      storageId: (await storage.json()).id,
      encryptionKey: 'e2e-role-key-001',
    },
    headers: CONSOLE_HEADERS,
  });
  expect(created.status()).toBe(201);
  await page.goto((await created.json()).loginURI);
  await expect(page.getByText('Connection was successfully created')).toBeVisible();
}

/** Picks an org in the open tab's Add Connections modal. */
async function addConnection(page: Page, orgName: string) {
  await page.getByRole('button', { name: 'ADD CONNECTIONS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Connections' });
  await dialog.getByRole('searchbox', { name: 'Search' }).fill(orgName);
  await dialog.getByText(orgName, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Organization was successfully updated').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('roles', () => {
  test('the demo administrator creates a role with connection permissions and sees it on its details', async ({
    page,
  }) => {
    await signInAsDemo(page);

    const suffix = Date.now().toString(36);
    const orgName = `e2e-role-org-${suffix}`;
    const roleName = `E2E releasers ${suffix}`;
    await connectOrg(page, orgName);

    await openFromSidebar(page, 'Roles');
    await page.getByRole('link', { name: 'Create' }).first().click();
    await expect(page.getByRole('heading', { name: 'Create Role', level: 1 })).toBeVisible();

    await page.getByRole('textbox', { name: 'Name' }).fill(roleName);
    await page.getByRole('textbox', { name: 'Description' }).fill('Backs up and deploys');
    // Without licence levels the form is blocked.
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Licenses must be selected to proceed.')).toBeVisible();

    // Backup & Archive: full access, backups and restores of the org.
    await page.getByRole('radio', { name: 'Full access' }).check();
    await addConnection(page, orgName);
    await page.getByRole('checkbox', { name: `Backup & Archive: ${orgName}` }).check();
    await page.getByRole('checkbox', { name: `Restore: ${orgName}` }).check();

    // DevOps: read access holds the options to their first ones and the org's rights off.
    await page.getByRole('tab', { name: 'DevOps' }).click();
    await page.getByRole('radio', { name: 'Read access' }).check();
    await expect(page.getByRole('radio', { name: 'Manage & Execute pipelines' })).toHaveCount(0);
    await addConnection(page, orgName);
    await expect(page.getByRole('checkbox', { name: `Deploy: ${orgName}` })).toBeDisabled();
    await expect(page.getByText('Licenses must be selected to proceed.')).toBeHidden();

    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Role was successfully created')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Role: ${roleName}`, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/roles\/[0-9a-f-]{36}(\?tab=devops)?$/);
    await expect(page.getByText('Backs up and deploys')).toBeVisible();

    await page.getByRole('tab', { name: 'Backup & Archive' }).click();
    const backupRows = page.getByRole('table', { name: 'Backup & Archive connection permissions' });
    await expect(backupRows.getByRole('checkbox', { name: `Backup & Archive: ${orgName}` })).toBeChecked();
    await expect(backupRows.getByRole('checkbox', { name: `Restore: ${orgName}` })).toBeChecked();
    await expect(backupRows.getByRole('checkbox', { name: `Export: ${orgName}` })).not.toBeChecked();
    await page.getByRole('tab', { name: 'DevOps' }).click();
    await expect(page.getByRole('radio', { name: 'Read access' })).toBeChecked();
    await expect(
      page.getByRole('table', { name: 'DevOps connection permissions' }).getByText(orgName),
    ).toBeVisible();

    await page
      .getByRole('button', { name: 'Back to Roles' })
      .or(page.getByRole('link', { name: 'Back to Roles' }))
      .click();
    await expect(page.getByRole('link', { name: roleName })).toBeVisible();
  });
});
