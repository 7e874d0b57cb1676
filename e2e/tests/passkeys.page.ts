import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A platform authenticator in the browser (Chrome DevTools Protocol WebAuthn domain): it keeps
 * discoverable credentials, verifies the user and answers every request at once, as a laptop's
 * fingerprint reader would with a finger on it. It lasts as long as the page.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The credentials the authenticator holds. */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** The recovery codes dialog shown once with the first factor: reads the codes and closes it. */
export async function saveRecoveryCodes(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Recovery codes' });
  await expect(dialog).toBeVisible();
  const codes = await dialog
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allInnerTexts();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code.trim()).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await dialog.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(dialog).toBeHidden();
  return codes.map((code) => code.trim());
}

/** The Passkeys section of the MFA Devices screen: adds a passkey under `name`. */
export async function addPasskey(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add passkey' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Next' }).click();
  return dialog;
}
