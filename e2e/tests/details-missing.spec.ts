import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInAsDemo } from './demo';

test('a details address whose item does not exist lands on its list', async ({ page }) => {
  await signInAsDemo(page);
  for (const [address, list, heading] of [
    [`/users/${randomUUID()}`, '/users', 'Users'],
    [`/groups/${randomUUID()}/edit`, '/groups', 'Groups'],
    [`/mfa/${randomUUID()}`, '/mfa', 'MFA Devices'],
    ['/roles/not-an-id', '/roles', 'Roles'],
  ] as const) {
    await page.goto(address);
    await expect(page).toHaveURL(new RegExp(`${list}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});
