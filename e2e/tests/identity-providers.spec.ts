import { expect, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import {
  BUTTON_SVG,
  createGroup,
  IdentityProvidersScreen,
  useOpenIdProvider,
} from './identity-providers.page';

const run = Date.now().toString(36);
const names = { provider: `Okta ${run}`, renamed: `Okta SSO ${run}`, group: `Okta people ${run}` };

// The API reads the issuer's OpenID configuration when a provider is saved, so a real one runs here.
const provider = useOpenIdProvider({ clientId: `screens-${run}` });

test('identity providers: create with an image and a default group, list, edit, disable, enable, delete', async ({
  page,
}) => {
  const demo = await signInAsDemo(page);
  await createGroup(page, names.group);
  const screen = new IdentityProvidersScreen(page);

  // Create, from the list.
  await screen.open();
  await screen.create({
    name: names.provider,
    clientId: provider().clientId,
    clientSecret: provider().clientSecret,
    issuer: provider().issuer,
    svg: { name: 'okta.svg', buffer: BUTTON_SVG },
    defaultGroup: names.group,
  });

  // The details: fields, the secret never shown, the button as the login page shows it, the group.
  const details = page.getByRole('main');
  await expect(details.getByText(provider().issuer, { exact: true })).toBeVisible();
  await expect(details.getByText(provider().clientId, { exact: true })).toBeVisible();
  await expect(details.getByText(provider().clientSecret)).toHaveCount(0);
  await expect(details.getByText('(stored, never shown)')).toBeVisible();
  await expect(details.getByText('Active', { exact: true })).toBeVisible();
  const preview = details.getByRole('img', { name: `Login button: Connect ${names.provider}` });
  await expect(preview).toBeVisible();
  // The sanitized image loads from the icon address.
  await expect
    .poll(() =>
      preview.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await expect(details.getByRole('link', { name: names.group })).toBeVisible();

  // The list: search finds it, with its type, issuer and status.
  await page.getByRole('link', { name: 'Back to Identity Providers' }).click();
  await page.getByRole('searchbox', { name: 'Search identity providers' }).fill(run);
  await expect(page).toHaveURL(new RegExp(`search=${run}`));
  const table = page.getByRole('table', { name: 'Identity Providers' });
  const row = table.getByRole('row').filter({ hasText: names.provider });
  await expect(row.getByText('OpenID Connect')).toBeVisible();
  await expect(row.getByText(provider().issuer)).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search identity providers' }).fill(`no such ${run}`);
  await expect(table.getByRole('link', { name: names.provider })).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search identity providers' }).fill(run);
  await table.getByRole('link', { name: names.provider }).click();

  // Edit: the secret starts empty and, left so, the stored one is kept.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Edit Identity Provider: ${names.provider}` }),
  ).toBeVisible();
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expect(page.getByText('Leave empty to keep the current client secret')).toBeVisible();
  await expect(page.getByText('okta.svg')).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill(names.renamed);
  await page.getByLabel('Button text').fill(`Sign in with ${names.renamed}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Identity Provider was successfully updated')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: `Identity Provider: ${names.renamed}` }),
  ).toBeVisible();
  await expect(
    details.getByRole('img', { name: `Login button: Sign in with ${names.renamed}` }),
  ).toBeVisible();

  // The login page offers it under its new text.
  const visitor = await page.context().browser()!.newContext();
  const loginPage = await visitor.newPage();
  await loginPage.goto(`/auth/login?tenantName=${demo.tenantName}`);
  const button = loginPage.getByRole('link', { name: `Sign in with ${names.renamed}` });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('href', /^\/api\/v1\/sso\//);

  // Disable asks first; the login page stops offering it; Enable brings it back.
  await screen.act('Disable');
  await expect(page.getByText('Identity Provider was successfully disabled')).toBeVisible();
  await expect(details.getByText('Disabled', { exact: true })).toBeVisible();
  await loginPage.reload();
  await expect(loginPage.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  await expect(button).toBeHidden();
  await screen.act('Enable');
  await expect(page.getByText('Identity Provider was successfully enabled')).toBeVisible();
  await expect(details.getByText('Active', { exact: true })).toBeVisible();
  await loginPage.reload();
  await expect(button).toBeVisible();

  // Delete asks first, then goes back to the list, where it is gone.
  await screen.act('Delete');
  await expect(page.getByText('IdentityProvider was successfully deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/identity-providers(\?.*)?$/);
  await expect(page.getByRole('link', { name: names.renamed })).toBeHidden();
  await loginPage.reload();
  await expect(loginPage.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  await expect(button).toBeHidden();
  await visitor.close();
});
