import { expect, type Page } from '@playwright/test';

/** What the console sends with its calls; the API refuses state-changing calls without it. */
export const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };

/**
 * A connected org to give rights on: a storage and a connection through the API, then the browser
 * through the Salesforce stand-in's login, which approves at once and returns to the console.
 */
export async function connectOrg(page: Page, name: string) {
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

/**
 * Picks an org in the open tab's Add Connections modal and adds it to the role's form; nothing is
 * saved until the form is (the toast says so).
 */
export async function addConnection(page: Page, orgName: string) {
  await page.getByRole('button', { name: 'ADD CONNECTIONS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Connections' });
  await dialog.getByRole('searchbox', { name: 'Search' }).fill(orgName);
  await dialog.getByText(orgName, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Connections added. Save the role to keep them.').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}
