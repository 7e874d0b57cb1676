import { expect, type Locator, type Page, test } from '@playwright/test';
import { STORAGE_MESSAGES } from '@skyvault/contract';
import { violationsOn } from './axe';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';
import { E2E_S3_BUCKET, E2E_S3_KEYS, e2eS3Endpoint } from './s3-peer.keys';

const BUCKET_MISSING = 'No bucket of this name exists. Check the name, or create the bucket first.';

/** The create dialog of the Storages screen, its fields by their names. */
class CreateStorageDialog {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByRole('dialog', { name: 'Create storage' });
  }

  field(name: string): Locator {
    return this.root.getByRole('textbox', { name, exact: true });
  }

  async open(name: string) {
    // The screen's own Create (in main): a closed modal's Create button stays in the page while it fades out.
    await this.page.getByRole('main').getByRole('button', { name: 'Create', exact: true }).first().click();
    await expect(this.root).toBeVisible();
    await this.field('Name').fill(name);
    await this.root.getByRole('combobox', { name: 'Type' }).click();
    await this.page.getByRole('option', { name: 'AWS S3', exact: true }).click();
  }

  async fillS3(bucketName: string) {
    await this.field('Region').fill('us-east-1');
    await this.field('Bucket name').fill(bucketName);
    await this.field('Access key ID').fill(E2E_S3_KEYS.accessKeyId);
    await this.root.getByLabel('Secret access key').fill(E2E_S3_KEYS.secretAccessKey);
    await this.field('Endpoint').fill(e2eS3Endpoint());
  }

  /** Test connection, reached from the keyboard as well as by a click. */
  async test() {
    const button = this.root.getByRole('button', { name: 'Test connection' });
    await button.focus();
    await this.page.keyboard.press('Enter');
  }
}

test('a storage is tested in its dialog, saved healthy, and its page shows its checks', async ({ page }) => {
  // Two tests, a save, a check and axe on two screens in both colour modes.
  test.slow();
  const name = `s3-health-${Date.now().toString(36)}`;
  await signInAsDemo(page);
  await openFromSidebar(page, 'Storages');
  const dialog = new CreateStorageDialog(page);
  await dialog.open(name);

  // A bucket the server does not have: the test says so at Bucket name.
  await dialog.fillS3('no-such-bucket');
  await dialog.test();
  await expect(dialog.field('Bucket name')).toHaveAccessibleDescription(BUCKET_MISSING);
  await expect(dialog.field('Bucket name')).toHaveAttribute('aria-invalid', 'true');

  // The right bucket passes.
  await dialog.field('Bucket name').fill(E2E_S3_BUCKET);
  await dialog.test();
  await expect(dialog.root.getByRole('alert')).toContainText(STORAGE_MESSAGES.tested);
  expect(await violationsOn(page)).toEqual([]);

  await dialog.root.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Storage was successfully created').last()).toBeVisible();
  await expect(dialog.root).toBeHidden();

  const table = page.getByRole('table', { name: 'Storages' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row.getByText('Healthy', { exact: true })).toBeVisible();

  // Its page: the check the save ran, then one more with Check now.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const checks = page.getByRole('table', { name: 'Last checks' });
  await expect(checks.getByRole('row')).toHaveCount(2);
  await expect(checks.getByRole('row').nth(1)).toContainText('Saved');
  await expect(checks.getByRole('row').nth(1)).toContainText('Healthy');

  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText(STORAGE_MESSAGES.checked)).toBeVisible();
  await expect(checks.getByRole('row')).toHaveCount(3);
  await expect(checks.getByRole('row').nth(1)).toContainText('Check now');
  const health = page.getByRole('region', { name: 'Health' });
  await expect(health.getByText('Healthy', { exact: true })).toBeVisible();
  // The toasts fade out first: axe would measure their contrast half-way.
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0, { timeout: 15_000 });
  expect(await violationsOn(page)).toEqual([]);
});
