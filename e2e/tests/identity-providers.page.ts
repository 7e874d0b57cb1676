import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  type OpenIdAccount,
  type OpenIdProvider,
  startOpenIdProvider,
} from '../../apps/api/test/openid-provider';
import { openFromSidebar } from './navigation';

const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };

/** The API's redirect URI for identity providers (PUBLIC_URL + the contract's SSO_CALLBACK_PATH). */
export const ssoCallbackUrl = (baseURL: string) => new URL('/api/v1/sso/callback', baseURL).href;

/**
 * A tenant's identity provider, run by the test process itself (oidc-provider on the loopback address)
 * for the tests of the calling file (or describe block): started before them, closed after them. The
 * answer reads the running provider.
 */
export function useOpenIdProvider(options: {
  clientId: string;
  accounts?: OpenIdAccount[];
  port?: number;
}): () => OpenIdProvider {
  let idp: OpenIdProvider | undefined;
  // biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures argument destructured.
  test.beforeAll(async ({}, testInfo) => {
    idp = await startOpenIdProvider({
      ...(options.port ? { port: options.port } : {}),
      clientId: options.clientId,
      clientSecret: randomBytes(24).toString('base64url'),
      redirectUri: ssoCallbackUrl(String(testInfo.project.use.baseURL)),
      accounts: options.accounts ?? [],
    });
  });
  test.afterAll(async () => {
    await idp?.close();
  });
  return () => {
    if (!idp) throw new Error('The identity provider has not started');
    return idp;
  };
}

/** A small valid SVG, as an administrator would upload for a login button. */
export const BUTTON_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#1b2540"/></svg>',
);

/** A role and a group with it, through the API with the signed-in browser's session (the groups screens have their own spec). */
export async function createGroup(page: Page, name: string): Promise<string> {
  const role = await page.request.post('/api/v1/roles', {
    data: { name: `${name} role`, description: '' },
    headers: CONSOLE_HEADERS,
  });
  expect(role.status()).toBe(201);
  const { id: roleId } = (await role.json()) as { id: string };
  const group = await page.request.post('/api/v1/groups', {
    data: { name, description: '', roleId },
    headers: CONSOLE_HEADERS,
  });
  expect(group.status()).toBe(201);
  return ((await group.json()) as { id: string }).id;
}

export interface ProviderFields {
  name: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
  buttonText?: string;
  /** Uploaded as the button image. */
  svg?: { name: string; buffer: Buffer };
  defaultGroup?: string;
}

/** The Identity Providers screens (/identity-providers and below). */
export class IdentityProvidersScreen {
  constructor(readonly page: Page) {}

  async open() {
    await openFromSidebar(this.page, 'Identity Providers');
  }

  /** From the list: Create, fill in the page, Create; ends on the new provider's details. */
  async create(fields: ProviderFields) {
    const { page } = this;
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Identity Provider' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name/ }).fill(fields.name);
    await page.getByRole('combobox', { name: 'Connection method' }).click();
    await page.getByRole('option', { name: 'OpenID Connect' }).click();
    await page.getByLabel('Client ID').fill(fields.clientId);
    await page.getByLabel('Client secret').fill(fields.clientSecret);
    await page.getByLabel('Issuer').fill(fields.issuer);
    if (fields.buttonText) await page.getByLabel('Button text').fill(fields.buttonText);
    if (fields.svg) {
      await page
        .getByLabel('Button image file')
        .setInputFiles({ name: fields.svg.name, mimeType: 'image/svg+xml', buffer: fields.svg.buffer });
      await expect(page.getByRole('img', { name: 'Button image preview' })).toBeVisible();
      await expect(page.getByText(fields.svg.name)).toBeVisible();
    }
    if (fields.defaultGroup) {
      await page.getByRole('combobox', { name: 'Default group' }).fill(fields.defaultGroup);
      await page.getByRole('option', { name: fields.defaultGroup }).click();
    }
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Identity Provider was successfully created')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: `Identity Provider: ${fields.name}` }),
    ).toBeVisible();
  }

  /** On the details screen: Actions, then the item; Disable and Delete are confirmed. */
  async act(action: 'Enable' | 'Disable' | 'Delete') {
    const { page } = this;
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: action }).click();
    if (action === 'Enable') return;
    const confirm = page.getByRole('dialog', { name: `${action} Identity Provider?` });
    await confirm.getByRole('button', { name: action }).click();
    await expect(confirm).toBeHidden();
  }
}
