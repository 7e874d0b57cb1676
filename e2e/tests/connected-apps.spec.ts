import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

const run = Date.now().toString(36);
const names = { created: `Portal ${run}`, renamed: `Portal ${run} two` };
const callbacks = [
  `https://portal-${run}.example.com/callback`,
  `https://portal-${run}.example.com/alt`,
  `https://staging-${run}.example.com/callback`,
];
const signOut = `https://portal-${run}.example.com/signed-out`;
const WARNING = 'All active sessions and related authorization data will be removed.';

/** The Connected Apps screens (/applications), driven as a person would. */
class ConnectedAppsScreens {
  constructor(readonly page: Page) {}

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Connected Apps' });
  }

  get createDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Create Connected App' });
  }

  async openList() {
    await openFromSidebar(this.page, 'Connected Apps');
    await expect(this.page).toHaveURL(/\/applications$/);
  }

  /** The value beside a label in one of the details cards. */
  cardValue(card: string, label: string): Locator {
    return this.page
      .getByRole('heading', { name: card })
      .locator('..')
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  async act(action: string) {
    await this.page.getByRole('button', { name: 'Actions' }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async confirm(title: string, button: string) {
    const dialog = this.page.getByRole('dialog', { name: title });
    await expect(dialog.getByText(WARNING)).toBeVisible();
    await dialog.getByRole('button', { name: button }).click();
    await expect(dialog).toBeHidden();
  }

  lifetime(legend: string) {
    const group = this.page.getByRole('group', { name: legend });
    return {
      group,
      days: group.getByRole('textbox', { name: 'Days' }),
      minutes: group.getByRole('textbox', { name: 'Minutes' }),
    };
  }

  urlList(legend: string): Locator {
    return this.page.getByRole('group', { name: new RegExp(`^${legend}`) });
  }

  async addUrl(legend: string, addLabel: string, url: string) {
    const list = this.urlList(legend);
    await list.getByRole('button', { name: addLabel }).click();
    // The new entry starts with 'https://' and has the focus, the cursor after it.
    const entry = list.getByRole('textbox').last();
    await expect(entry).toHaveValue('https://');
    await expect(entry).toBeFocused();
    await entry.fill(url);
  }
}

test('create a connected app, find it, edit it, disable, enable, regenerate its secret and delete it', async ({
  page,
}) => {
  await signInAsDemo(page);

  const apps = new ConnectedAppsScreens(page);
  await apps.openList();

  // Create: the contract's name rules first, then the app.
  await page.getByRole('button', { name: 'Create', exact: true }).first().click();
  await expect(apps.createDialog).toBeVisible();
  await apps.createDialog.getByRole('textbox', { name: 'Name' }).fill('abc');
  await apps.createDialog.getByRole('button', { name: 'Create' }).click();
  await expect(apps.createDialog.getByText('Name should have at least 4 symbols')).toBeVisible();
  await apps.createDialog.getByRole('textbox', { name: 'Name' }).fill(names.created);
  await apps.createDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Application was successfully created')).toBeVisible();
  await expect(apps.createDialog).toBeHidden();

  // Listed, with its client id and secret masked, and found by the search.
  const row = apps.table.getByRole('row').filter({ hasText: names.created });
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: `Copy client secret of ${names.created}` })).toBeVisible();
  await expect(row).toContainText('••••');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toHaveAttribute('placeholder', 'Search for value');
  await search.fill(`portal ${run}`);
  await expect(page).toHaveURL(/search=portal/);
  await expect(row).toBeVisible();
  await search.fill(`no-such-app-${run}`);
  await expect(apps.table.getByText('No data available')).toBeVisible();
  await search.fill(run);
  await expect(row).toBeVisible();

  // Details of the new app: no callback URL yet.
  await row.getByRole('link', { name: names.created }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Connected App: ${names.created}` }),
  ).toBeVisible();
  await expect(page.getByText(/cannot sign anyone in until it has a callback URL/)).toBeVisible();
  await expect(apps.cardValue('App information', 'Multi-tenant mode')).toHaveText('Disabled');

  // Edit everything.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Edit Connected App: ${names.created}` }),
  ).toBeVisible();
  const nameField = page.getByRole('textbox', { name: 'Name' });
  const save = page.getByRole('button', { name: 'Save' });
  await nameField.fill('abc');
  await expect(save).toBeDisabled();
  await nameField.fill(names.renamed);
  await expect(save).toBeEnabled();
  await page.getByRole('switch', { name: 'Multi-tenant mode' }).check();
  await page.getByRole('checkbox', { name: 'Refresh Token', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Offline Access (asks for a refresh token)' }).check();
  for (const url of callbacks) await apps.addUrl('Callback URLs', 'Add callback URL', url);
  await apps.addUrl('Sign-out URLs', 'Add sign-out URL', signOut);

  // A refresh token lifetime beyond 365 days is refused with the contract's message.
  const refresh = apps.lifetime('Refresh token lifetime');
  const access = apps.lifetime('Access token lifetime');
  await expect(refresh.group.getByText('From 5 minutes to 365 days')).toBeVisible();
  await refresh.days.fill('400');
  await refresh.days.blur();
  await expect(
    refresh.group.getByText('Refresh token lifetime should be between 5 minutes and 365 days'),
  ).toBeVisible();
  await save.click();
  await expect(refresh.days).toBeFocused();
  await refresh.days.fill('7');
  await access.days.fill('0');
  await access.minutes.fill('30');
  await access.minutes.blur();
  await expect(refresh.group.getByText('From 5 minutes to 365 days')).toBeVisible();
  await save.click();
  await expect(page.getByText('Application was successfully updated')).toBeVisible();

  // The cards show what was saved.
  await expect(
    page.getByRole('heading', { level: 1, name: `Connected App: ${names.renamed}` }),
  ).toBeVisible();
  await expect(apps.cardValue('App information', 'Multi-tenant mode')).toHaveText('Enable');
  await expect(apps.cardValue('OAuth information', 'Allowed flows')).toContainText('Refresh Token');
  await expect(apps.cardValue('OAuth information', 'Allowed scopes')).toHaveText(
    'Offline Access (asks for a refresh token)',
  );
  await expect(apps.cardValue('OAuth information', 'Access token lifetime')).toHaveText('30 minutes');
  await expect(apps.cardValue('OAuth information', 'Refresh token lifetime')).toHaveText('10,080 minutes');
  const callbackList = page.getByRole('list', { name: 'Callback URLs' });
  await expect(callbackList.getByRole('listitem')).toHaveText(callbacks.slice(0, 2));
  await page.getByRole('button', { name: 'and 1 more' }).click();
  await expect(callbackList.getByRole('listitem')).toHaveText(callbacks);
  await expect(page.getByRole('list', { name: 'Sign-out URLs' })).toHaveText(signOut);

  // Disable asks first; Enable does not.
  const status = apps.cardValue('App information', 'Status');
  await apps.act('Disable');
  await apps.confirm('Disable Connected App?', 'Disable');
  await expect(page.getByText('Application was successfully disabled')).toBeVisible();
  await expect(status).toHaveText('Disabled');
  await apps.act('Enable');
  await expect(page.getByText('Application was successfully enabled')).toBeVisible();
  await expect(status).toHaveText('Active');

  // Regenerate: a new secret.
  const secret = apps.cardValue('App information', 'Client Secret');
  const before = await secret.textContent();
  await apps.act('Regenerate secret');
  await apps.confirm('Regenerate client secret?', 'Regenerate');
  await expect(page.getByText('Client secret was successfully regenerated')).toBeVisible();
  await expect(secret).not.toHaveText(before ?? '');

  // Delete: back to the list, without it.
  await apps.act('Delete');
  await apps.confirm('Delete Connected App?', 'Delete');
  await expect(page.getByText('Application was successfully deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/applications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connected Apps' })).toBeVisible();
  await expect(page.getByRole('link', { name: names.renamed })).toHaveCount(0);
});
