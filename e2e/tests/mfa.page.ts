import { expect, type Locator, type Page } from '@playwright/test';

/** The MFA Devices screen (/mfa), its add flow and a device's details with its Actions. */
export class MfaPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/mfa');
    await expect(this.page.getByRole('heading', { name: 'MFA Devices' })).toBeVisible();
  }

  /**
   * Adds a device and confirms it with a code computed from the secret the QR dialog shows, as an
   * authenticator app would. Returns the secret (base32).
   */
  async enrol(name: string, codeFor: (secret: string) => string): Promise<string> {
    await this.page.getByRole('button', { name: 'Add' }).first().click();
    const nameDialog = this.page.getByRole('dialog', { name: 'Add MFA device' });
    await nameDialog.getByLabel('Name').fill(name);
    await nameDialog.getByRole('button', { name: 'Next' }).click();
    const qr = this.page.getByRole('dialog', { name: 'Connect your authenticator app' });
    await expect(qr.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await qr.locator('code').innerText()).replace(/\s+/g, '');
    await qr.getByLabel('Verification code').fill(codeFor(secret));
    await qr.getByRole('button', { name: 'Verify' }).click();
    await expect(this.page.getByText('MFA device was successfully created')).toBeVisible();
    // The account's first factor comes with its recovery codes, shown once.
    const codes = this.page.getByRole('dialog', { name: 'Recovery codes' });
    await codes.waitFor({ timeout: 2000 }).catch(() => undefined);
    if (await codes.isVisible()) await codes.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(this.page.getByRole('link', { name })).toBeVisible();
    return secret;
  }

  /** Opens a listed device's details. */
  async openDevice(name: string) {
    await this.page.getByRole('link', { name }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: `MFA Device: ${name}` })).toBeVisible();
  }

  /** Chooses an item of the details screen's Actions menu; answers the confirmation it opens. */
  async chooseAction(item: string, confirmation: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Actions' }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
    const dialog = this.page.getByRole('dialog', { name: confirmation });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /**
   * Confirms Disable, Delete or Reset secret of an enabled device with a code from the authenticator
   * app, typed and sent with Enter as a keyboard user would.
   */
  async confirmWithCode(dialog: Locator, code: string) {
    const field = dialog.getByRole('textbox', { name: 'Verification code' });
    await expect(field).toBeFocused();
    await field.fill(code);
    await field.press('Enter');
  }

  /** The same with the account password instead of a code. */
  async confirmWithPassword(dialog: Locator, password: string, button: string) {
    await dialog.getByRole('button', { name: 'Use your password instead' }).click();
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: button }).click();
  }
}
