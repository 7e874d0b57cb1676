import { expect, type Page, test } from '@playwright/test';
import { startDnsServer, type TestDnsServer } from '../../apps/api/test/dns-server';
import { violationsOn } from './axe';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';

const run = Date.now().toString(36);
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const DOMAIN = `e2e-${run}.example.com`;
const TXT_NAME = `_skyvault-verification.${DOMAIN}`;

let dns: TestDnsServer;

test.beforeAll(async () => {
  dns = await startDnsServer(Number(process.env.E2E_DNS_PORT));
});
test.afterAll(async () => {
  await dns.close();
});

/**
 * Later specs sign in as the same administrator and sign up on other domains: the tenant ends with the
 * domains it had (the demo's own, verified by the seed, which single sign-on creates its users on).
 */
async function removeOwnDomains(page: Page) {
  const res = await page.request.get('/api/v1/domains', { headers: CONSOLE_HEADERS });
  if (!res.ok()) return;
  const { domains } = (await res.json()) as { domains: { id: string; domain: string }[] };
  for (const { id } of domains.filter(({ domain }) => domain.endsWith(DOMAIN))) {
    await page.request.delete(`/api/v1/domains/${id}`, { headers: CONSOLE_HEADERS });
  }
}

test.afterEach(async ({ page }) => {
  await removeOwnDomains(page);
});

/** axe on the screen itself, once the toasts (which fade in, their colours not yet final) have gone. */
async function screenViolations(page: Page) {
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0);
  return violationsOn(page);
}

test('an administrator adds a domain, publishes its TXT record, verifies it after a failed look-up, and deletes it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsDemo(page);
  await openFromSidebar(page, 'Domains');
  // The demo's own domain, verified from the start.
  await expect(page.getByRole('row', { name: /demo\.example\.com Verified/ })).toBeVisible();

  // A free e-mail service's domain is refused by the form, with the reason.
  await page.getByRole('button', { name: 'Add domain' }).click();
  const add = page.getByRole('dialog', { name: 'Add domain' });
  await add.getByLabel('Domain').fill('gmail.com');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('free e-mail service')).toBeVisible();
  await add.getByLabel('Domain').fill(DOMAIN.toUpperCase());
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Domain was successfully added')).toBeVisible();

  // The record to publish, each field with its copy button.
  const record = page.getByRole('dialog', { name: `DNS record for ${DOMAIN}` });
  await expect(record.getByText(TXT_NAME, { exact: true })).toBeVisible();
  const value = (await record.locator('code', { hasText: 'skyvault-verification=' }).textContent()) ?? '';
  expect(value).toMatch(/^skyvault-verification=[\w-]{32}$/);
  await record.getByRole('button', { name: "Copy the record's value" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  expect(await screenViolations(page)).toEqual([]);

  // Verify before anything is published: it stays pending and says what the look-up found.
  await record.getByRole('button', { name: 'Verify' }).click();
  await expect(record.getByRole('status')).toContainText(`No DNS name ${TXT_NAME} exists yet (NXDOMAIN).`);
  await expect(record.getByText('Pending')).toBeVisible();

  // Another value: shown as found instead.
  dns.setTxt(TXT_NAME, ['skyvault-verification=an-old-one']);
  await record.getByRole('button', { name: 'Verify' }).click();
  await expect(record.getByRole('status')).toContainText('skyvault-verification=an-old-one');

  // The right value: verified.
  dns.setTxt(TXT_NAME, ['skyvault-verification=an-old-one', value]);
  await record.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Domain was successfully verified')).toBeVisible();
  await expect(record.getByText('Verified', { exact: true })).toBeVisible();
  await record.getByRole('button', { name: 'Close' }).click();
  await expect(record).toBeHidden();

  const table = page.getByRole('table', { name: 'Domains' });
  await expect(
    table.getByRole('row', { name: new RegExp(`${DOMAIN.replaceAll('.', '\\.')} Verified`) }),
  ).toBeVisible();
  expect(await screenViolations(page)).toEqual([]);

  // Delete, after a confirmation.
  await table.getByRole('button', { name: `Delete ${DOMAIN}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this domain?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Domain was successfully deleted')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(DOMAIN.replaceAll('.', '\\.')) })).toHaveCount(0);
});

test('the Domains page works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemo(page);
  await page.goto('/domains');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  await page.getByRole('button', { name: 'Add domain' }).click();
  const add = page.getByRole('dialog', { name: 'Add domain' });
  await add.getByLabel('Domain').fill(`phone-${DOMAIN}`);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('dialog', { name: `DNS record for phone-${DOMAIN}` })).toBeVisible();
  expect(await screenViolations(page)).toEqual([]);
});

test('a colleague signing up with an address on a verified domain is told to ask for an invitation', async ({
  page,
  browser,
}) => {
  await signInAsDemo(page);
  const added = await page.request.post('/api/v1/domains', {
    headers: CONSOLE_HEADERS,
    data: { domain: `signup-${DOMAIN}` },
  });
  const domain = (await added.json()) as { id: string; txtName: string; txtValue: string };
  dns.setTxt(domain.txtName, [domain.txtValue]);
  const verified = await page.request.post(`/api/v1/domains/${domain.id}/verify`, {
    headers: CONSOLE_HEADERS,
  });
  expect(((await verified.json()) as { status: string }).status).toBe('Verified');

  const visitor = await browser.newContext();
  try {
    const signUp = await visitor.newPage();
    await signUp.goto('/tenants/new');
    await signUp.getByLabel('First name').fill('Colin');
    await signUp.getByLabel('Last name').fill('Colleague');
    await signUp.getByLabel('Email').fill(`colin@signup-${DOMAIN}`);
    await signUp.getByRole('textbox', { name: 'Password', exact: true }).fill('Colleague-pass-1');
    await signUp.getByLabel('Confirm password').fill('Colleague-pass-1');
    await signUp.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      signUp.getByText(
        `Your organization already uses the console: signup-${DOMAIN} is a verified domain of an existing organization. Ask one of its administrators to invite you.`,
      ),
    ).toBeVisible();
    await expect(signUp).toHaveURL(/\/tenants\/new$/);
  } finally {
    await visitor.close();
  }
});
