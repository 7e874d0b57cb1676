import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { LoginPage } from './login.page';
import { type OwnTenant, signUpOwnTenant } from './own-tenant.page';
import { saveRecoveryCodes } from './passkeys.page';

const CONSOLE = { 'x-requested-with': 'skyvault-console' };
/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** A browser of its own (no session cookie), signed in with the password up to what follows it. */
async function signInWithPassword(browser: Browser, user: OwnTenant): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(user.tenantName, user.email, user.password);
  return page;
}

test('a tenant that requires MFA of everyone has its user enrol right after the password', async ({
  browser,
  page,
  request,
}) => {
  // A tenant of its own: the policy applies tenant-wide, and other specs share the demo tenant.
  const owner = await signUpOwnTenant(request, 'mfapolicy');
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(owner.tenantName, owner.email, owner.password);
  await expect(page).toHaveURL(/\/security-overview$/);

  // Security → Authentication: required for everyone, no grace period.
  await page.goto('/authentication');
  await expect(page.getByRole('heading', { name: 'Authentication' })).toBeVisible();
  await page.getByRole('radio', { name: 'Required for everyone' }).check();
  await page.getByLabel('Grace period (days)').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Authentication policy was successfully updated')).toBeVisible();

  // The tenant's only administrator has no factor: the password leads to the enrolment page alone,
  // with no way to skip it, and the session serves nothing else meanwhile.
  const user = await signInWithPassword(browser, owner);
  await expect(user).toHaveURL(/\/mfa-enrolment/);
  await expect(user.getByRole('heading', { name: 'Set up multi-factor authentication' })).toBeVisible();
  await expect(user.getByRole('button', { name: 'Skip for now' })).toHaveCount(0);
  const refused = await user.request.get('/api/v1/users', { headers: CONSOLE });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('MFA_ENROLMENT_REQUIRED');
  await user.goto('/users');
  await expect(user).toHaveURL(/\/mfa-enrolment/);

  // An authenticator app, confirmed with a code computed from the secret the QR dialog shows.
  await user.getByRole('button', { name: 'Use an authenticator app' }).click();
  const nameDialog = user.getByRole('dialog', { name: 'Add MFA device' });
  await nameDialog.getByLabel('Name').fill('Phone');
  await nameDialog.getByRole('button', { name: 'Next' }).click();
  const qr = user.getByRole('dialog', { name: 'Connect your authenticator app' });
  await expect(qr.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await qr.locator('code').innerText()).replace(/\s+/g, '');
  await qr.getByLabel('Verification code').fill(codeAt(secret));
  await qr.getByRole('button', { name: 'Verify' }).click();
  const recoveryCodes = await saveRecoveryCodes(user);
  // On to the screen the user was going to when the console kept them on the enrolment page.
  await user.getByRole('button', { name: 'Continue to the console' }).click();
  await expect(user).toHaveURL(/\/users$/);
  expect((await user.request.get('/api/v1/users', { headers: CONSOLE })).status()).toBe(200);

  // A later sign-in asks for the second factor; a recovery code does instead of the app's code, once.
  const [recoveryCode] = recoveryCodes as [string];
  for (const attempt of ['first', 'again'] as const) {
    const later = await signInWithPassword(browser, owner);
    const codeDialog = new LoginPage(later).mfaDialog;
    await expect(codeDialog).toBeVisible();
    await codeDialog.getByRole('button', { name: 'Use a recovery code' }).click();
    const recoveryDialog = later.getByRole('dialog', { name: 'Enter a recovery code' });
    await recoveryDialog.getByLabel('Recovery code').fill(recoveryCode.toUpperCase());
    await recoveryDialog.getByRole('button', { name: 'Login' }).click();
    if (attempt === 'first') {
      await expect(later).toHaveURL(/\/security-overview$/);
      await expect(later.getByText(owner.email, { exact: true })).toBeVisible();
    } else {
      await expect(
        recoveryDialog.getByText('This recovery code is incorrect or was already used.'),
      ).toBeVisible();
    }
    await later.context().close();
  }
});
