import { expect, test } from '@playwright/test';
import { signInAsDemo } from './demo';

test.describe('first visit', () => {
  test('a visitor is sent to the login page, with the brand applied', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page).toHaveTitle('Skyvault Console');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  test('a deep link keeps its path as redirectTo', async ({ page }) => {
    await page.goto('/applications?page=2');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fapplications%3Fpage%3D2/);
  });

  test('the API documentation is served at /api/docs', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('Skyvault Console API')).toBeVisible();
    await expect(page.getByText('/api/v1/brand')).toBeVisible();
  });

  test('the brand call answers', async ({ request }) => {
    const res = await request.get('/api/v1/brand');
    expect(await res.json()).toEqual({ brand: 'skyvault', signUp: 'open' });
  });
});

test.describe('signed in as the demo administrator', () => {
  test('the shell: sidebar groups, rail, service switcher and tenant id copy', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const demo = await signInAsDemo(page);
    await expect(page.getByText(demo.email, { exact: true })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const link of [
      'Licenses',
      'Users',
      'Roles',
      'Groups',
      'Connections',
      'Storages',
      'Connected Apps',
      'Identity Providers',
      'Network Access',
      'MFA Devices',
    ]) {
      await expect(nav.getByRole('link', { name: link })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Connected Apps' }).click();
    await expect(page).toHaveURL(/\/applications$/);
    await expect(page.getByRole('heading', { name: 'Connected Apps' })).toBeVisible();

    // Collapse to the 64 px rail and back.
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    // The navigation sits inside the 64 px drawer, less its 1 px border.
    const navWidth = async () => Math.round((await nav.boundingBox())?.width ?? 0);
    await expect.poll(navWidth).toBe(63);
    await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(navWidth).toBeGreaterThan(200);

    await page.getByRole('button', { name: 'Switch service' }).click();
    await expect(page.getByRole('menuitem', { name: 'Backup and Archive' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'DevOps' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: /Copy tenant id/ }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^[0-9a-f-]{36}$/);
  });
});
