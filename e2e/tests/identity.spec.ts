import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { LoginPage, logOut } from './login.page';
import { MfaPage } from './mfa.page';
import { linkIn, mailCount, waitForMail } from './outbox';

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  totp(secret).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const owner = {
  firstName: 'Olivia',
  lastName: 'Owner',
  email: `olivia@org${run}.example.com`,
  password: 'Owner-pass-1',
  tenantName: `org${run}`,
};

test('sign up, verify the e-mail, log in both ways, enrol MFA, then the TOTP is asked and checked', async ({
  page,
}) => {
  // Sign up.
  await page.goto('/tenants/new');
  await page.getByLabel('First name').fill(owner.firstName);
  await page.getByLabel('Last name').fill(owner.lastName);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(owner.password);
  await page.getByLabel('Confirm password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(/48 hours/)).toBeVisible();

  // The link from the e-mail activates the organization.
  const verification = await waitForMail(owner.email, /Verify your email/);
  await page.goto(linkIn(verification, 'http://localhost:'));
  await expect(page.getByRole('heading', { name: 'Your organization is active' })).toBeVisible();
  await expect(page.getByText(owner.tenantName, { exact: true })).toBeVisible();

  // E-mail flow: the code from the e-mail, the tenant, the password.
  const login = new LoginPage(page);
  await login.open();
  await login.withEmailCode(owner.email, owner.tenantName, owner.password);
  await expect(page).toHaveURL(/\/security-overview$/);
  await expect(page.getByText(owner.email, { exact: true })).toBeVisible();
  await logOut(page);

  // Tenant-name flow, coming back to where the visitor wanted to go.
  await page.goto('/mfa');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fmfa/);
  await login.withTenantName(owner.tenantName, owner.email, owner.password);
  await expect(page).toHaveURL(/\/mfa$/);

  // Enrol an authenticator: the code is computed from the secret shown, as an app would.
  const secret = await new MfaPage(page).enrol('Olivia-phone', (s) => codeAt(s));
  await logOut(page);

  // The next login asks for the TOTP, refuses a wrong one, takes a fresh right one.
  await login.open();
  await login.withTenantName(owner.tenantName, owner.email, owner.password);
  await expect(login.mfaDialog).toBeVisible();
  await login.submitTotp(codeAt(secret) === '000000' ? '111111' : '000000');
  await expect(login.mfaDialog.getByText('The verification code is incorrect.')).toBeVisible();
  await login.submitTotp(codeAt(secret, 1));
  await expect(page).toHaveURL(/\/security-overview$/);
  await logOut(page);
});

test('forgot password: the e-mailed link sets a new password; the old one stops working', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.open();
  await page.getByRole('button', { name: 'Use tenant name' }).click();
  await page.getByLabel('Tenant name').fill(owner.tenantName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('button', { name: 'Forgot password' }).click();

  const dialog = page.getByRole('dialog', { name: 'Forgot Your Password?' });
  const before = mailCount(owner.email);
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(dialog.getByText(/we have sent a link/i)).toBeVisible();
  const mail = await waitForMail(owner.email, /Reset your Skyvault password/, before);

  const newPassword = 'Brand-new-pass-2';
  await page.goto(linkIn(mail, 'http://localhost:'));
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Change password' });
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Password was successfully changed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  await login.open();
  await login.withTenantName(owner.tenantName, owner.email, owner.password);
  await expect(page.getByText('The e-mail, tenant name or password is incorrect.')).toBeVisible();

  await login.open();
  await login.withTenantName(owner.tenantName, owner.email, newPassword);
  // Pre-login accepted the new password: the account's MFA device from the first test is asked for next.
  await expect(login.mfaDialog).toBeVisible();
});
