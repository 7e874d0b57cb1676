import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

const run = Date.now().toString(36);
const names = { local: `local-${run}`, aws: `aws-${run}`, azure: `azure-${run}` };

/** The Storages screen (/storages) and its create modal, driven as a person would. */
class StoragesScreen {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Create storage' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Storages' });
  }

  async open() {
    await openFromSidebar(this.page, 'Storages');
    await expect(this.page).toHaveURL(/\/storages$/);
  }

  async startCreating(name: string, typeLabel: string) {
    // With no storages yet the empty state offers a second Create button; either opens the modal. The
    // screen's own (in main): the last modal's Create button stays in the page while it fades out.
    await this.page.getByRole('main').getByRole('button', { name: 'Create', exact: true }).first().click();
    await expect(this.dialog).toBeVisible();
    await this.field('Name').fill(name);
    await this.dialog.getByRole('combobox', { name: 'Type' }).click();
    await this.page.getByRole('option', { name: typeLabel, exact: true }).click();
  }

  /** Text fields by their accessible name; secret fields are password inputs, found by their label. */
  field(name: string): Locator {
    return this.dialog.getByRole('textbox', { name, exact: true });
  }

  /** A password input (Azure's "Account key" is also the name of an authentication radio). */
  secret(label: string): Locator {
    return this.dialog.getByLabel(label).and(this.page.locator('input[type="password"]'));
  }

  async submitExpectingError(message: string) {
    await this.dialog.getByRole('button', { name: 'Create' }).click();
    await expect(this.dialog.getByText(message)).toBeVisible();
  }

  /**
   * Saving tests the storage against its cloud; keys that cannot reach it fail, and the storage is
   * kept as unhealthy once the administrator confirms.
   */
  async submitSavingAnyway() {
    await this.dialog.getByRole('button', { name: 'Create' }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Save a storage that failed its test?' });
    await confirm.getByRole('button', { name: 'Save anyway' }).click();
    await this.expectCreated();
  }

  async submitExpectingCreated() {
    await this.dialog.getByRole('button', { name: 'Create' }).click();
    await this.expectCreated();
  }

  private async expectCreated() {
    // Toasts of earlier creates may still be on screen; the newest is the last.
    await expect(this.page.getByText('Storage was successfully created').last()).toBeVisible();
    await expect(this.dialog).toBeHidden();
  }
}

test('create a storage of each kind, see them listed, delete one', async ({ page }) => {
  await signInAsDemo(page);

  const storages = new StoragesScreen(page);
  await storages.open();

  // Local: no credentials; the name follows the storage name rules.
  await storages.startCreating('my local', 'Local');
  await storages.submitExpectingError(
    'Name should contain only latin letters in upper or lower case, digits and "-", "_" symbols',
  );
  await storages.field('Name').fill(names.local);
  await storages.submitExpectingCreated();

  // AWS S3: a bucket name that is too short first.
  await storages.startCreating(names.aws, 'AWS S3');
  await storages.field('Region').fill('eu-west-1');
  await storages.field('Bucket name').fill('ab');
  await storages.field('Access key ID').fill('AKIAIOSFODNN7EXAMPLE');
  await storages.secret('Secret access key').fill('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
  await storages.submitExpectingError('Minimum length is 3 characters');
  await storages.field('Bucket name').fill('skyvault-e2e-backups');
  await storages.submitSavingAnyway();

  // Azure Blob: an account name that is too long first.
  await storages.startCreating(names.azure, 'Azure Blob');
  await storages.field('Account name').fill('a'.repeat(25));
  await storages.secret('Account key').fill('ZmFrZS1henVyZS1hY2NvdW50LWtleQ==');
  await storages.field('Container name').fill('backups');
  await storages.submitExpectingError('Maximum length is 24 characters');
  await storages.field('Account name').fill('skyvaulte2e');
  await storages.submitSavingAnyway();

  // All three are listed with their types, newest first; the two saved anyway are unhealthy.
  const rowOf = (name: string) => storages.table.getByRole('row').filter({ hasText: name });
  await expect(rowOf(names.local)).toContainText('Local');
  await expect(rowOf(names.local)).toContainText('Not checked');
  await expect(rowOf(names.aws)).toContainText('AWS S3');
  await expect(rowOf(names.aws)).toContainText('Unhealthy');
  await expect(rowOf(names.azure)).toContainText('Azure Blob');
  await expect(rowOf(names.azure)).toContainText('Unhealthy');

  // The type filter narrows the list.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'AWS S3', exact: true }).click();
  await expect(page).toHaveURL(/type=AwsS3/);
  await expect(rowOf(names.aws)).toBeVisible();
  await expect(rowOf(names.local)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'All types' }).click();

  // Delete one, after confirming.
  await page.getByRole('button', { name: `Delete ${names.local}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this storage?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Storage was successfully deleted')).toBeVisible();
  await expect(rowOf(names.local)).toHaveCount(0);
  await expect(rowOf(names.aws)).toBeVisible();
});
