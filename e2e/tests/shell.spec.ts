import { expect, test } from '@playwright/test';

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
    expect(await res.json()).toEqual({ brand: 'skyvault' });
  });
});
