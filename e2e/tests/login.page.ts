import { expect, type Page } from '@playwright/test';
import { codeIn, mailCount, waitForMail } from './outbox';

/** The step-based login page (/auth/login), driven as a person would. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/auth/login${query}`);
    await expect(this.page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  }

  /** The credential flow: tenant name, then e-mail and password. */
  async withTenantName(tenantName: string, email: string, password: string) {
    await this.page.getByRole('button', { name: 'Use tenant name' }).click();
    await this.page.getByLabel('Tenant name').fill(tenantName);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }

  /** The e-mail flow: e-mail, the code from the e-mail, the tenant, then the password. */
  async withEmailCode(email: string, tenantName: string, password: string) {
    const before = mailCount(email);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    const mail = await waitForMail(email, /verification code/, before);
    await this.page.getByLabel('Verification code').fill(codeIn(mail));
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await this.page.getByRole('radio', { name: tenantName }).check();
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await this.page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }

  get mfaDialog() {
    return this.page.getByRole('dialog', { name: 'Enter 6-digit verification code' });
  }

  async submitTotp(code: string) {
    await this.mfaDialog.getByLabel('Verification code').fill(code);
    await this.mfaDialog.getByRole('button', { name: 'Login' }).click();
  }
}

/** The signed-in console's top bar: the user's e-mail and the settings menu. */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: /settings/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByText('You were successfully logged out')).toBeVisible();
}
