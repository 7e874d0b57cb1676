import { expect, type Page, test } from '@playwright/test';
import { violationsOn } from './axe';
import { signInAsDemo } from './demo';
import { createGroup, useOpenIdProvider } from './identity-providers.page';

/**
 * Every screen against the WCAG 2.1 A and AA rules that axe-core checks automatically, in the light and
 * in the dark colour mode (the system's scheme, which the console follows): the public screens, then
 * each signed-in list, details, create and edit screen with an item of its own. A new screen belongs in
 * SCREENS, so that it is checked as it lands.
 */
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 8191) + 1;
const run = Date.now().toString(36);

/** Opens a screen and waits until it has drawn its content: its heading, and no progress indicator. */
async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

async function expectAccessible(page: Page, path: string) {
  await openScreen(page, path);
  expect(await violationsOn(page), `axe on ${path}`).toEqual([]);
}

test.describe('public screens', () => {
  for (const path of ['/auth/login', '/tenants/new', '/tenants/wait-verification']) {
    test(`${path} meets WCAG 2.1 AA`, async ({ page }) => {
      await expectAccessible(page, path);
    });
  }
});

async function created(page: Page, path: string, data: unknown): Promise<string> {
  const response = await page.request.post(path, { data, headers: CONSOLE_HEADERS });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test.describe('signed-in screens', () => {
  const provider = useOpenIdProvider({ port: IDP_PORT, clientId: `axe-${run}` });

  test('every screen meets WCAG 2.1 AA', async ({ page }) => {
    // Some thirty screens, each loaded and checked.
    test.setTimeout(300_000);
    await signInAsDemo(page);
    const me = (await (await page.request.get('/api/v1/auth/session')).json()) as { id: string };
    const groupId = await createGroup(page, `Axe ${run}`);
    const group = (await (await page.request.get(`/api/v1/groups/${groupId}`)).json()) as { roleId: string };
    const applicationId = await created(page, '/api/v1/applications', { name: `Axe app ${run}` });
    const providerId = await created(page, '/api/v1/identity-providers', {
      name: `Axe IdP ${run}`,
      type: 'OpenId',
      providerData: {
        clientId: provider().clientId,
        clientSecret: provider().clientSecret,
        issuer: provider().issuer,
      },
    });
    const mfaId = await created(page, '/api/v1/mfa', { name: `Axe-phone-${run}` });
    // Holds the address the browser signs in from, so that the range is no lockout.
    const ipRangeId = await created(page, '/api/v1/ip-ranges', {
      name: `Axe-range-${run}`,
      startIPAddress: '127.0.0.1',
      endIPAddress: '127.0.0.1',
    });

    const screens = [
      '/licenses',
      '/users',
      `/users/${me.id}`,
      '/roles',
      '/roles/create',
      `/roles/${group.roleId}`,
      `/roles/${group.roleId}/edit`,
      '/groups',
      `/groups/${groupId}`,
      `/groups/${groupId}/edit`,
      '/connections',
      '/storages',
      '/applications',
      `/applications/${applicationId}`,
      `/applications/${applicationId}/edit`,
      '/identity-providers',
      '/identity-providers/create',
      `/identity-providers/${providerId}`,
      `/identity-providers/${providerId}/edit`,
      '/domains',
      '/mfa',
      `/mfa/${mfaId}`,
      `/mfa/${mfaId}/edit`,
      '/ip-ranges',
      `/ip-ranges/${ipRangeId}`,
      '/authentication',
      '/api-tokens',
      '/webhooks',
      '/approvals',
      '/approvals/settings',
      '/audit-log',
    ];
    const found: string[] = [];
    try {
      for (const path of screens) {
        await openScreen(page, path);
        found.push(...(await violationsOn(page)).map((line) => `${path}: ${line}`));
      }
      // The settings menu over a screen: the tenant, the theme choice, the account's actions.
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('menuitemradio', { name: 'Theme: System' })).toBeVisible();
      found.push(...(await violationsOn(page)).map((line) => `settings menu: ${line}`));
      await page.keyboard.press('Escape');
    } finally {
      // The range would narrow where the other specs may sign in from.
      await page.request.delete(`/api/v1/ip-ranges/${ipRangeId}`, { headers: CONSOLE_HEADERS });
    }
    expect(found).toEqual([]);
  });
});
