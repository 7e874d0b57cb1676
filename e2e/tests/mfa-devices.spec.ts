import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { demoLogin, signInAsDemo } from './demo';
import { MfaPage } from './mfa.page';

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  totp(secret).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

const run = Date.now().toString(36);

// The demo administrator signs every other spec in: whatever happens here, it leaves without a device,
// or its next login would ask for a code.
test.afterEach(async ({ page }) => {
  const headers = { 'x-requested-with': 'skyvault-console' };
  const list = await page.request.get('/api/v1/mfa', { headers });
  if (!list.ok()) return;
  const { mfa } = (await list.json()) as { mfa: { id: string }[] };
  for (const device of mfa) {
    await page.request.delete(`/api/v1/mfa/${device.id}`, {
      headers,
      data: { password: demoLogin().password },
    });
  }
});

test('removing an enabled MFA device asks for a current code or the password', async ({ page }) => {
  const demo = await signInAsDemo(page);
  const mfa = new MfaPage(page);
  await mfa.open();
  const name = `Step-up-${run}`;
  // Confirmed with the current code; the app's next code (one step on) is the one to use after it.
  const secret = await mfa.enrol(name, (s) => codeAt(s));
  await mfa.openDevice(name);

  // Disable: a wrong code is refused next to the field, a current one disables.
  const disable = await mfa.chooseAction('Disable', 'Are you sure to disable this MFA device?');
  await mfa.confirmWithCode(disable, codeAt(secret, 1) === '000000' ? '111111' : '000000');
  await expect(disable.getByText('The verification code is incorrect.')).toBeVisible();
  await mfa.confirmWithCode(disable, codeAt(secret, 1));
  await expect(page.getByText('MFA device was successfully disabled')).toBeVisible();
  await expect(disable).toBeHidden();

  // Enabling adds protection back: a plain confirmation.
  const enable = await mfa.chooseAction('Enable', 'Are you sure to enable this MFA device?');
  await expect(enable.getByRole('textbox')).toHaveCount(0);
  await enable.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('MFA device was successfully enabled')).toBeVisible();

  // Delete with the account password instead of a code (the phone may be gone).
  const remove = await mfa.chooseAction('Delete', 'Are you sure to delete this MFA device?');
  await mfa.confirmWithPassword(remove, demo.password, 'Delete');
  await expect(page.getByText('MFA device was successfully deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/mfa$/);
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});
