import { expect, test } from '@playwright/test';
import { violationsOn } from './axe';
import { demoLogin, signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

const run = Date.now().toString(36);
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };

test.describe('Audit Log filters', () => {
  test('the actor is picked by name among the users and the action from the list; the trail narrows to them', async ({
    page,
  }) => {
    await signInAsDemo(page);
    // A user whose only event is a refused sign-in: theirs is the only one the actor filter keeps.
    const lastName = `Hopper${run}`;
    const email = `grace-${run}@example.com`;
    const created = await page.request.post('/api/v1/users', {
      headers: CONSOLE_HEADERS,
      data: { firstName: 'Grace', lastName, email, password: 'Ochre-lantern-57!' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const refused = await page.request.post('/api/v1/auth/login', {
      headers: CONSOLE_HEADERS,
      data: { tenantName: demoLogin().tenantName, email, password: 'Wrong-lantern-57!' },
    });
    expect(refused.ok()).toBe(false);

    await openFromSidebar(page, 'Audit Log');
    const filters = page.getByRole('search', { name: 'Filter events' });
    const actor = filters.getByRole('combobox', { name: 'Actor' });
    await actor.click();
    await actor.fill(lastName.toLowerCase());
    await page.getByRole('option', { name: `Grace ${lastName} (${email})` }).click();
    await expect(actor).toHaveValue(`Grace ${lastName} (${email})`);
    expect(await violationsOn(page)).toEqual([]);

    // The actions the trail records, grouped and named in words.
    const action = filters.getByRole('combobox', { name: 'Action' });
    await expect(
      action.locator('optgroup[label="Sign-in"] option', { hasText: 'Failed sign-in' }),
    ).toHaveCount(1);
    await action.selectOption('failed-sign-in');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`actor=${id}&action=failed-sign-in`));

    const events = page.getByRole('table', { name: 'Audit events' });
    const rows = events.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Grace ${lastName}`);
    await expect(rows.first()).toContainText('failed-sign-in');
    await expect(rows.first()).toContainText('Failure');
    // The bar drawn for the URL still names the actor, by their user row.
    await expect(filters.getByRole('combobox', { name: 'Actor' })).toHaveValue(
      `Grace ${lastName} (${email})`,
    );
  });

  test('a filter the API refuses is said under its field and the table stays', async ({ page }) => {
    await signInAsDemo(page);
    await page.goto('/audit-log?action=renamed&actor=nobody');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'These filters cannot be applied' }),
    ).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter events' });
    await expect(filters.getByRole('combobox', { name: 'Action' })).toHaveAccessibleDescription(
      'Action should be one of the actions the audit trail records, such as update or sign-in',
    );
    await expect(filters.getByRole('combobox', { name: 'Actor' })).toHaveAccessibleDescription(
      'Actor should be a user id or an e-mail address',
    );
    const events = page.getByRole('table', { name: 'Audit events' });
    await expect(events.getByText('No events: change the filters marked above')).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);

    // Choosing a listed action and clearing the actor shows the trail again.
    await filters.getByRole('combobox', { name: 'Action' }).selectOption('sign-in');
    await filters.getByRole('combobox', { name: 'Actor' }).clear();
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/audit-log\?action=sign-in$/);
    await expect(page.getByRole('alert').filter({ hasText: 'These filters cannot be applied' })).toBeHidden();
    await expect(events.getByRole('row').filter({ hasText: 'sign-in' }).first()).toBeVisible();
  });
});

test.describe('Default MFA device names', () => {
  // The demo administrator signs every other spec in: it leaves without a device, or its next login
  // would ask for a code.
  test.afterEach(async ({ page }) => {
    const list = await page.request.get('/api/v1/mfa', { headers: CONSOLE_HEADERS });
    if (!list.ok()) return;
    const { mfa } = (await list.json()) as { mfa: { id: string }[] };
    for (const device of mfa) {
      await page.request.delete(`/api/v1/mfa/${device.id}`, {
        headers: CONSOLE_HEADERS,
        data: { password: demoLogin().password },
      });
    }
  });

  test('Add MFA device proposes the next free "Authenticator-n", which the API accepts; Add passkey proposes "Passkey-1"', async ({
    page,
  }) => {
    await signInAsDemo(page);
    // A device waiting for its code holds "Authenticator-1" (it guards no login).
    const first = await page.request.post('/api/v1/mfa', {
      headers: CONSOLE_HEADERS,
      data: { name: 'Authenticator-1' },
    });
    expect(first.status()).toBe(201);

    await page.goto('/mfa');
    await expect(page.getByRole('heading', { name: 'MFA Devices' })).toBeVisible();
    await page.getByRole('button', { name: 'Add' }).first().click();
    const nameDialog = page.getByRole('dialog', { name: 'Add MFA device' });
    await expect(nameDialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Authenticator-2');
    expect(await violationsOn(page)).toEqual([]);
    await nameDialog.getByRole('button', { name: 'Next' }).click();
    const qr = page.getByRole('dialog', { name: 'Connect your authenticator app' });
    await expect(qr.getByRole('img', { name: /QR code to add "Authenticator-2"/ })).toBeVisible();
    // Left without a code, the device goes.
    await qr.getByRole('button', { name: 'Cancel' }).click();
    await expect(qr).toBeHidden();

    await page.getByRole('button', { name: 'Add passkey' }).click();
    const passkey = page.getByRole('dialog', { name: 'Add passkey' });
    await expect(passkey.getByRole('textbox', { name: 'Name' })).toHaveValue('Passkey-1');
    await passkey.getByRole('button', { name: 'Cancel' }).click();
    await expect(passkey).toBeHidden();
  });
});
