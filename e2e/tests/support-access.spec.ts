import { expect, test } from '@playwright/test';
import { violationsOn } from './axe';
import { LoginPage } from './login.page';
import { admin, type OwnServer, startOwnServer } from './own-server';

/**
 * Support access: the demo Owner grants it in Settings → Support access; the operators' CLI makes a
 * one-time link inside it (on the server's own data dir, which the CLI opens while the server is
 * stopped); the support session shows its banner on every page; once the Owner revokes the access,
 * the support session is signed out.
 */
const OFFSET = 6;
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer(OFFSET);
});
test.afterAll(async () => {
  await server?.stop();
});

test('an Owner grants and revokes support access; the support session shows its banner until then', async ({
  browser,
}) => {
  // The server is stopped and started again around the CLI, which opens its embedded database.
  test.setTimeout(240_000);
  const { base, demo } = server;
  const ownerContext = await browser.newContext({ baseURL: base });
  const owner = await ownerContext.newPage();
  await owner.goto(`${base}/auth/login?redirectTo=%2Fsettings%2Fsupport-access`);
  await new LoginPage(owner).withTenantName(demo.tenantName, demo.email, demo.password);
  await expect(owner.getByRole('heading', { level: 1, name: 'Support access' })).toBeVisible();
  await expect(owner.getByText('Support access has never been granted')).toBeVisible();
  expect(await violationsOn(owner), 'axe on Support access').toEqual([]);

  // Grant: a day, read-only.
  await owner.getByRole('button', { name: 'Grant access' }).first().click();
  const dialog = owner.getByRole('dialog', { name: 'Grant support access' });
  await expect(dialog.getByRole('checkbox').first()).toBeVisible();
  expect(await violationsOn(owner), 'axe on the grant dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Grant access' }).click();
  await expect(owner.getByText('Support access granted')).toBeVisible();
  const table = owner.getByRole('table', { name: 'Support access' });
  await expect(table.getByText('Active')).toBeVisible();
  await expect(table.getByText('Read-only')).toBeVisible();

  // The operator's link, from the CLI itself.
  let link = '';
  await server.restart((dataDir) => {
    const out = admin(dataDir, [
      'support-session',
      '--tenant',
      demo.tenantName,
      '--operator',
      'Dana Ops',
      '--ticket',
      'SUP-42',
    ]).toString();
    link = new URL(
      out.split('\n').find((line) => line.includes('/api/v1/support-sessions/start'))!,
    ).searchParams.get('link')!;
  });

  const supportContext = await browser.newContext({ baseURL: base });
  const support = await supportContext.newPage();
  await support.goto(`${base}/api/v1/support-sessions/start?link=${link}`);
  await expect(support.getByText(/as Dana Ops for ticket SUP-42/)).toBeVisible();
  await support.getByRole('button', { name: 'Start the support session' }).click();
  const banner = support
    .getByRole('status')
    .filter({ hasText: 'Support session by Dana Ops for ticket SUP-42' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('read-only');
  for (const path of ['/users', '/groups', '/audit-log', '/settings/support-access']) {
    await support.goto(`${base}${path}`);
    await expect(banner, `the banner on ${path}`).toBeVisible();
  }
  // Read-only: no Grant or Revoke for support, and its session is listed for the Owner.
  await expect(support.getByRole('button', { name: 'Revoke support access' })).toHaveCount(0);
  await owner.reload();
  await expect(table.getByText('Dana Ops · SUP-42')).toBeVisible();

  // Revoke, after its confirmation: the support session is signed out.
  await table.getByRole('button', { name: 'Revoke support access' }).click();
  const confirm = owner.getByRole('dialog', { name: 'Revoke support access?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(owner.getByText('Support access revoked')).toBeVisible();
  await expect(table.getByText('Revoked')).toBeVisible();

  await support.goto(`${base}/users`);
  await expect(support).toHaveURL(/\/auth\/login/);
  await expect(banner).toHaveCount(0);

  await ownerContext.close();
  await supportContext.close();
});
