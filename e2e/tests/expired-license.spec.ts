import { expect, test } from '@playwright/test';
import { LoginPage } from './login.page';
import { admin, startOwnServer } from './own-server';

/**
 * An expired licence, ended the way platform operators end one: with the CLI, on a server's own data
 * dir while that server is stopped. The server has an operator contact (SUPPORT_CONTACT), which the
 * modal names as whom to write to.
 */
const CONTACT = 'renewals@platform.example.com';

test('an expired licence blocks its tab with the modal naming the success manager and the contact', async ({
  page,
}) => {
  // A server of its own, started twice on a fresh data dir (its migrations, the demo tenant): minutes
  // on a busy machine, not the shared server's seconds.
  test.setTimeout(180_000);
  const server = await startOwnServer(3, { SUPPORT_CONTACT: CONTACT }, (dataDir) =>
    admin(dataDir, ['license', 'demo', 'Dbr', '--edition', 'Enterprise', '--until', '2020-01-31']),
  );
  try {
    const { demo, base } = server;
    const login = new LoginPage(page);
    await page.goto(`${base}/auth/login?redirectTo=%2Flicenses%2Fbackup`);
    await login.withTenantName(demo.tenantName, demo.email, demo.password);
    const modal = page.getByRole('dialog', { name: 'Access to this app has expired' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(/success manager to renew or upgrade/)).toBeVisible();
    // What to do and whom to write to: the operator's address, as a link that starts a mail.
    await expect(modal.getByText(/You can reach them at/)).toBeVisible();
    await expect(modal.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
    await expect(page.getByText('Enterprise')).toBeVisible();
  } finally {
    await server.stop();
  }
});
