import { expect, test } from '@playwright/test';
import { signInAsDemo } from './demo';

test('ending another browser’s session from My sessions signs that browser out', async ({ browser }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  });
  const onLaptop = await laptop.newPage();
  const onPhone = await phone.newPage();
  await signInAsDemo(onPhone);
  await signInAsDemo(onLaptop);

  await onLaptop.getByRole('button', { name: 'Settings' }).click();
  await onLaptop.getByRole('menuitem', { name: 'My sessions' }).click();
  await expect(onLaptop.getByRole('heading', { level: 1, name: 'My sessions' })).toBeVisible();
  const table = onLaptop.getByRole('table', { name: 'Signed in' });
  const phoneRow = table.getByRole('row').filter({ hasText: 'Safari on iPhone' }).first();
  await expect(phoneRow).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'This browser' })).toHaveCount(1);

  await phoneRow.getByRole('button', { name: /^End session on Safari on iPhone/ }).click();
  await expect(onLaptop.getByText('The session was ended')).toBeVisible();
  await expect(table.getByText('Safari on iPhone')).toHaveCount(0);

  // The phone's next step asks it to sign in again; the laptop goes on.
  await onPhone.goto('/licenses');
  await expect(onPhone).toHaveURL(/\/auth\/login/);
  await onLaptop.goto('/licenses');
  await expect(onLaptop).toHaveURL(/\/licenses$/);
  await laptop.close();
  await phone.close();
});
