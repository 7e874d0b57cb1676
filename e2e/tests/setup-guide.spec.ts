import { expect, type Page, test } from '@playwright/test';
import { violationsOn } from './axe';
import { LoginPage } from './login.page';
import { openFromSidebar } from './navigation';
import { startOwnServer } from './own-server';
import { type OwnTenant, signUpOwnTenant } from './own-tenant.page';

/**
 * No dead ends for a new organization: the setup guide on its first screen, the way to its first
 * storage from the connection dialog, and what the platform operator has not set up said before a
 * form is filled. Each test signs up an organization of its own (Backup, nothing set up yet).
 */
async function signInTo(page: Page, tenant: OwnTenant, base = '') {
  const login = new LoginPage(page);
  await page.goto(`${base}/auth/login`);
  await login.withTenantName(tenant.tenantName, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/security-overview$/);
}

/** Fills the storage dialog with a Local storage and creates it. */
async function createLocalStorage(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Create storage' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Local', exact: true }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

test('a new organization is guided from its first screen, step by step, and can hide the guide', async ({
  page,
  request,
}) => {
  const tenant = await signUpOwnTenant(request, 'guide');
  await signInTo(page, tenant);

  const guide = page.getByRole('region', { name: 'Set up your organization' });
  await expect(guide).toBeVisible();
  await expect(guide.getByRole('heading', { level: 3 })).toHaveText([
    'Connect Salesforce',
    'Add a storage',
    'Create a role and a group',
    'Invite users',
  ]);
  await expect(guide.getByText('0 of 4 steps done')).toBeVisible();
  expect(await violationsOn(page)).toEqual([]);

  // Each step's button goes where it is done; done there, it is ticked off on the way back.
  await guide.getByRole('link', { name: 'Add a storage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Storages' })).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).first().click();
  await createLocalStorage(page, `guide-${Date.now().toString(36)}`);
  await openFromSidebar(page, 'Licenses');
  await expect(guide.getByText('1 of 4 steps done')).toBeVisible();
  await expect(guide.getByRole('heading', { name: 'Add a storage Done' })).toBeVisible();
  await expect(guide.getByRole('link', { name: 'Add a storage' })).toHaveCount(0);
  await expect(guide.getByRole('link', { name: 'Create role' })).toHaveAttribute('href', '/roles/create');

  // Hidden for the organization: it stays hidden after a reload.
  await guide.getByRole('button', { name: 'Hide the setup guide' }).click();
  await expect(page.getByText('The setup guide was hidden')).toBeVisible();
  await expect(guide).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Licenses' })).toBeVisible();
  await expect(guide).toBeHidden();
  // With steps left, the way back is where the guide was.
  await page.getByRole('button', { name: 'Show the setup guide' }).click();
  await expect(guide.getByText('1 of 4 steps done')).toBeVisible();
});

test("the connection dialog's storage picker offers to add the first storage, and picks it", async ({
  page,
  request,
}) => {
  const tenant = await signUpOwnTenant(request, 'firststorage');
  await signInTo(page, tenant);
  await openFromSidebar(page, 'Connections');
  await page.getByRole('button', { name: 'Create connection' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create connection' });

  // After the picker's pause: no empty list, but the way to a storage.
  await dialog.getByRole('button', { name: 'Add a storage' }).click();
  const name = `first-${Date.now().toString(36)}`;
  await createLocalStorage(page, name);
  await expect(dialog.getByRole('combobox', { name: 'Storage' })).toHaveValue(name);
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
});

test('without the Salesforce integration, administrators are told before filling the form, and whom to contact', async ({
  page,
}) => {
  // A server of its own on a fresh data dir (its migrations, the demo tenant) before the test's steps.
  test.setTimeout(180_000);
  const contact = 'https://help.platform.example.com/salesforce';
  // A server whose operator has not set SALESFORCE_CLIENT_ID / SECRET (the shared one has them).
  const server = await startOwnServer(4, {
    SALESFORCE_CLIENT_ID: '',
    SALESFORCE_CLIENT_SECRET: '',
    SUPPORT_CONTACT: contact,
  });
  try {
    await signInTo(page, server.demo, server.base);
    await page.goto(`${server.base}/connections`);
    const words =
      'Salesforce connections are not available yet: the platform operator has not set up the Salesforce integration.';
    await expect(page.getByRole('alert').filter({ hasText: words })).toBeVisible();

    await page.getByRole('button', { name: 'Create connection' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create connection' });
    const notice = dialog.getByRole('alert').filter({ hasText: words });
    await expect(notice).toContainText(`Contact ${contact} to have it set up.`);
    await expect(notice).not.toContainText('SALESFORCE_');
    await expect(notice.getByRole('link', { name: contact })).toHaveAttribute('href', contact);
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  } finally {
    await server.stop();
  }
});
