import { expect, type Page, test } from '@playwright/test';
import { STAND_IN_USER } from '../../apps/api/test/salesforce-stand-in';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

/** The demo tenant has Backup, so a connection needs a storage; one is made through the API. */
async function createStorage(page: Page, name: string) {
  const res = await page.request.post('/api/v1/storages', {
    data: { name, type: 'Local' },
    headers: { 'x-requested-with': 'skyvault-console' },
  });
  expect(res.status()).toBe(201);
}

test.describe('connections', () => {
  test('the demo administrator connects a Salesforce org through its login, updates its token and deletes it', async ({
    page,
  }) => {
    await signInAsDemo(page);

    const suffix = Date.now().toString(36);
    const storageName = `e2e-vault-${suffix}`;
    const connectionName = `e2e-org-${suffix}`;
    await createStorage(page, storageName);

    await openFromSidebar(page, 'Connections');
    await page.getByRole('button', { name: 'Create connection' }).first().click();

    const dialog = page.getByRole('dialog', { name: 'Create connection' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(connectionName);
    await dialog.getByRole('radio', { name: 'Production' }).check();
    // The storage picker loads after its 3-second pause.
    await expect(dialog.getByText('Loading storages…')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Storage' }).click();
    await page.getByRole('option', { name: storageName }).click();
    await dialog.getByRole('button', { name: 'Generate a random key' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Encryption Key' })).toHaveValue(/^[A-Za-z0-9]{16}$/);
    await dialog.getByRole('button', { name: 'Save' }).click();

    // The stand-in's login approves at once and sends the browser back through the API's callback.
    await expect(page.getByText('Connection was successfully created')).toBeVisible();
    await expect(page).toHaveURL(/\/connections$/);
    const row = page.getByRole('row').filter({ hasText: connectionName });
    await expect(row).toContainText(STAND_IN_USER.username);
    await expect(row).toContainText('Production');
    await expect(row.getByRole('img', { name: 'Production org' })).toBeVisible();
    await expect(row).not.toContainText('Waiting for Salesforce login');

    await row.getByRole('button', { name: `Update Token of ${connectionName}` }).click();
    await expect(page.getByText('Connection token was successfully updated')).toBeVisible();
    await expect(page).toHaveURL(/\/connections$/);

    await row.getByRole('button', { name: `Delete Connection ${connectionName}` }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Connection' });
    await expect(remove).toContainText('This action is irreversible. Please be certain.');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove.getByText('This field is required')).toBeVisible();
    await remove.getByRole('textbox', { name: 'Connection name' }).fill('not-the-name');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove.getByText('The connection name must match')).toBeVisible();
    await remove.getByRole('textbox', { name: 'Connection name' }).fill(connectionName);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Connection was successfully deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: connectionName })).toHaveCount(0);
  });
});
