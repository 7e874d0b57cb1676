import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { CONNECTION_HEALTH_TEXTS, HEALTH_ADVICE } from '@skyvault/contract';
import { STAND_IN_API_USAGE_PATH, STAND_IN_USER } from '../../apps/api/test/salesforce-stand-in';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

const T = CONNECTION_HEALTH_TEXTS;
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The stand-in runs as a process of its own (playwright.config.ts); its control endpoint sets usage. */
const standInUsage = `http://127.0.0.1:${Number(process.env.E2E_SALESFORCE_PORT ?? 8189)}${STAND_IN_API_USAGE_PATH}`;

async function createStorage(page: Page, name: string) {
  const res = await page.request.post('/api/v1/storages', {
    data: { name, type: 'Local' },
    headers: CONSOLE_HEADERS,
  });
  expect(res.status()).toBe(201);
}

/** The org's daily API requests on the stand-in: what the next check of a connection to it reads. */
async function setApiUsage(page: Page, usage: { used?: number; remaining?: number; max?: number }) {
  const form = Object.fromEntries(Object.entries(usage).map(([key, value]) => [key, String(value)]));
  const res = await page.request.post(standInUsage, { form });
  expect(res.ok()).toBe(true);
}

/** Creates a Backup connection through the create dialog and the stand-in's login. */
async function createConnection(page: Page, name: string, storageName: string) {
  await openFromSidebar(page, 'Connections');
  await page.getByRole('button', { name: 'Create connection' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create connection' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('radio', { name: 'Production' }).check();
  await dialog.getByRole('combobox', { name: 'Storage' }).click();
  await page.getByRole('option', { name: storageName }).click();
  await dialog.getByRole('button', { name: 'Generate a random key' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Other specs' connections of the same Salesforce user may have reached the approval limit.
  const warning = page.getByRole('dialog', { name: T.approvalCapTitle });
  const created = page.getByText('Connection was successfully created');
  await expect(warning.or(created)).toBeVisible();
  if (await warning.isVisible()) await warning.getByRole('button', { name: 'Continue' }).click();
  await expect(created).toBeVisible();
  await expect(page).toHaveURL(/\/connections$/);
}

test.describe('connection health', () => {
  test.afterEach(async ({ page }) => {
    // The stand-in's org is shared by every spec's connections: leave its budget as it was.
    await setApiUsage(page, { used: 0 });
  });

  test('the list shows the health chip, the page its checks and usage, and Check now updates them', async ({
    page,
  }) => {
    await signInAsDemo(page);
    const suffix = Date.now().toString(36);
    const storageName = `e2e-health-vault-${suffix}`;
    const name = `e2e-health-${suffix}`;
    await createStorage(page, storageName);
    await createConnection(page, name, storageName);

    // A login nudges the server's scheduler, which checks the new connection within moments.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(async () => {
      await page.reload();
      await expect(row.getByText('Healthy', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(row).not.toContainText(T.neverChecked);

    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/connections\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Production org ${name}` })).toBeVisible();
    const health = page.getByRole('region', { name: 'Health' });
    await expect(health.getByText('Healthy', { exact: true })).toBeVisible();
    await expect(page.getByText(STAND_IN_USER.orgId)).toBeVisible();

    const checks = page.getByRole('table', { name: 'Last checks' });
    const checkRows = checks.getByRole('row');
    await expect(checkRows.nth(1)).toContainText('Healthy');
    const before = await checkRows.count();
    const chart = page.getByRole('img', { name: 'Daily API usage chart' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).not.toHaveCount(0);
    await expect(page.getByText(/^Latest: .* API requests\./)).toBeVisible();

    // Check now: a new row on top, made by Check now.
    const checkNow = page.getByRole('button', { name: 'Check now' });
    await checkNow.click();
    await expect(page.getByText(T.checked)).toBeVisible();
    await expect(checkRows).toHaveCount(before + 1);
    await expect(checkRows.nth(1)).toContainText('Check now');

    // Less than a tenth of the org's daily budget left: the next check says so, and the banner names it.
    await setApiUsage(page, { remaining: 100, max: 15_000 });
    await checkNow.click();
    await expect(health.getByText('API limit low', { exact: true })).toBeVisible();
    await expect(health).toContainText(HEALTH_ADVICE.api_limit_low.summary);
    await expect(checkRows).toHaveCount(before + 2);
    // The check's own call may count too.
    await expect(checkRows.nth(1)).toContainText(/14,9\d\d \/ 15,000/);
    const banner = page.getByRole('status', { name: 'Connection health' });
    await expect(banner.getByRole('link', { name })).toBeVisible();

    // The page as it opens, banner included (without the toasts of the checks above): WCAG 2.1 AA.
    await page.reload();
    await expect(banner.getByRole('link', { name })).toBeVisible();
    await expect(checkRows).toHaveCount(before + 2);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);

    // At phone width nothing but the tables scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(chart).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Connection' });
    await remove.getByRole('textbox', { name: 'Connection name' }).fill(name);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Connection was successfully deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/connections$/);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});
