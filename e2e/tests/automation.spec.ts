import { expect, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

const run = Date.now().toString(36);
const SHOWN_ONCE =
  'This is the only time the token is shown. Store it somewhere safe: it cannot be shown again.';

test('an administrator creates an API token, sees it once, calls the API with it, and revokes it', async ({
  page,
  context,
  request,
}) => {
  await signInAsDemo(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFromSidebar(page, 'API Tokens');

  // Create: an empty name is refused with the contract's message, then a read-only token for 30 days.
  await page.getByRole('button', { name: 'Create API token' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create API token' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Name is required')).toBeVisible();
  const name = `Reporting ${run}`;
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('radio', { name: /^Read only/ }).check();
  await create.getByRole('combobox', { name: 'Expires in' }).selectOption('30');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('API token was successfully created')).toBeVisible();

  // Shown once, with Copy.
  const shown = page.getByRole('dialog', { name: 'Copy your API token' });
  await expect(shown.getByText(SHOWN_ONCE)).toBeVisible();
  const token = await shown.getByRole('textbox', { name: 'API token' }).inputValue();
  expect(token).toMatch(/^svt_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: /^Copy/ }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'API token' })).toHaveCount(0);
  const row = page.getByRole('table', { name: 'API Tokens' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Read only');
  await expect(row).toContainText('Never');
  // The token in full is nowhere on the page once the dialog is closed.
  await expect(page.getByText(token)).toHaveCount(0);

  // `request` has no browser cookies: only the bearer authenticates it.
  const bearer = { Authorization: `Bearer ${token}` };
  const users = await request.get('/api/v1/users', { headers: bearer });
  expect(users.status()).toBe(200);
  expect(((await users.json()) as { total: number }).total).toBeGreaterThan(0);
  // A read-only token changes nothing.
  const write = await request.post('/api/v1/ip-ranges', {
    headers: bearer,
    data: { name: `Token ${run}`, startIPAddress: '127.0.0.1', endIPAddress: '127.0.0.1' },
  });
  expect(write.status()).toBe(403);

  // The list tells when and from where it was last used.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('127.0.0.1', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // Revoke, after confirming: the token is refused from then on.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API token' });
  await expect(
    confirm.getByText(`Revoke the API token "${name}"? Every call made with it will be refused from now on.`),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API token was successfully revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  const refused = await request.get('/api/v1/users', { headers: bearer });
  expect(refused.status()).toBe(401);
});

test('an administrator adds a webhook endpoint, sees its secret once, opens it and deletes it', async ({
  page,
}) => {
  await signInAsDemo(page);
  await openFromSidebar(page, 'Webhooks');

  // Add: the form asks for an https address and at least one event.
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  const create = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  const url = `https://hooks.example.com/skyvault/${run}`;
  await create.getByRole('textbox', { name: 'Endpoint URL' }).fill('ftp://hooks.example.com/in');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Endpoint URL should be an https:// address')).toBeVisible();
  await expect(create.getByText('Choose at least one event')).toBeVisible();
  await create.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  await create.getByRole('textbox', { name: 'Description' }).fill(`Sync ${run}`);
  // An event nothing in this run causes, so the delivery log stays empty.
  await create.getByRole('checkbox', { name: 'Connection needs re-authorisation' }).check();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Webhook endpoint was successfully created')).toBeVisible();

  // The signing secret, shown once.
  const shown = page.getByRole('dialog', { name: 'Copy your signing secret' });
  await expect(
    shown.getByText(
      'This is the only time the signing secret is shown. Your endpoint verifies each request with it.',
    ),
  ).toBeVisible();
  const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  // Listed, enabled, with its event.
  const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row', { name: new RegExp(run) });
  await expect(row).toContainText('Connection needs re-authorisation');
  await expect(row).toContainText('Enabled');

  // After creation the URL's path is masked: it may carry a receiver's token.
  const masked = 'https://hooks.example.com/…';
  await expect(row.getByText(url)).toHaveCount(0);

  // Its page: the settings and an empty delivery log.
  await row.getByRole('link', { name: masked }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Webhook endpoint: ${masked}` })).toBeVisible();
  await expect(page.getByText(`Sync ${run}`)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Deliveries' }).getByText('Nothing was sent to this endpoint yet'),
  ).toBeVisible();

  // Delete, after confirming; back on the list, it is gone.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete webhook endpoint' });
  await expect(
    confirm.getByText(`Delete the webhook endpoint ${masked}? Deliveries waiting for it are dropped.`),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Webhook endpoint was successfully deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(
    page.getByRole('table', { name: 'Webhooks' }).getByRole('row', { name: new RegExp(run) }),
  ).toHaveCount(0);
});
