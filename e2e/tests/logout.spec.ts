import { expect, test } from '@playwright/test';
import { signInAsDemo } from './demo';

test('the logout address only asks; its Sign out button signs out', async ({ page }) => {
  await signInAsDemo(page);

  // Opening the address (a link, a bookmark, an image on another site) ends nothing.
  await page.goto('/api/v1/auth/logout');
  await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
  await page.goto('/licenses');
  await expect(page).toHaveURL(/\/licenses$/);

  await page.goto('/api/v1/auth/logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/licenses');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Flicenses/);
});
