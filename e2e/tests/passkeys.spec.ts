import { expect, test } from '@playwright/test';
import { LoginPage, logOut } from './login.page';
import { signUpOwnTenant } from './own-tenant.page';
import { addPasskey, addVirtualAuthenticator, saveRecoveryCodes } from './passkeys.page';

const run = Date.now().toString(36);

test('registers a passkey, then signs in with password and passkey, and with the passkey alone', async ({
  page,
  request,
}) => {
  // A user of its own: a passkey makes every later sign-in of the account ask for it.
  const owner = await signUpOwnTenant(request, 'passkeys');
  const authenticator = await addVirtualAuthenticator(page);
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(owner.tenantName, owner.email, owner.password);
  await expect(page).toHaveURL(/\/security-overview$/);

  // The first factor of the account: the browser creates the passkey, and the recovery codes show once.
  await page.goto('/mfa');
  await expect(page.getByRole('heading', { name: 'MFA Devices' })).toBeVisible();
  const name = `Laptop-${run}`;
  await addPasskey(page, name);
  await expect(page.getByText('Passkey was successfully added')).toBeVisible();
  await saveRecoveryCodes(page);
  const passkeys = page.getByRole('table', { name: 'Passkeys' });
  await expect(passkeys.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await logOut(page);

  // The password, then the passkey as the second factor: the account has no authenticator app, so the
  // passkey is offered first.
  await login.open();
  await login.withTenantName(owner.tenantName, owner.email, owner.password);
  const secondFactor = page.getByRole('dialog', { name: 'Confirm with your passkey' });
  await expect(secondFactor).toBeVisible();
  await secondFactor.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/security-overview$/);
  await expect(page.getByText(owner.email, { exact: true })).toBeVisible();
  await logOut(page);

  // The passkey alone, from the login page's first step: no e-mail, tenant or password typed.
  await login.open();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/security-overview$/);
  await expect(page.getByText(owner.email, { exact: true })).toBeVisible();

  // Both sign-ins used it.
  await page.goto('/mfa');
  await expect(passkeys.getByRole('row', { name: new RegExp(name) })).not.toContainText('Never');
});
