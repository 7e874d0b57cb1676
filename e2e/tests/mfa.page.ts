import { expect, type Page } from '@playwright/test';

/** The MFA Devices screen (/mfa) and its add flow. */
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
    await expect(this.page.getByRole('link', { name })).toBeVisible();
    return secret;
  }
}
