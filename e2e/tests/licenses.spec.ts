import { expect, test } from '@playwright/test';
import { demoLogin } from './demo';
import { LoginPage } from './login.page';

/**
 * The demo tenant has both services and no licences: its Backup tab offers the trial, and starting
 * it shows the trial licence. The expired state is in expired-license.spec.ts.
 */
test('a tenant without a Backup licence starts the 14-day trial and sees its licence', async ({ page }) => {
  const demo = demoLogin();
  const login = new LoginPage(page);
  await login.open('?redirectTo=%2Flicenses%2Fbackup');
  await login.withTenantName(demo.tenantName, demo.email, demo.password);

  await expect(page).toHaveURL(/\/licenses\?tab=backup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Licenses' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Backup & Archive', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'DevOps' })).toBeVisible();

  // Other specs share the demo tenant, and one of them starts the DevOps trial for its seats.
  const devopsLicence = async () => (await page.request.get('/api/v1/licenses?service=Devops')).json();
  const devopsBefore = await devopsLicence();

  const offer = page.getByRole('region', { name: '14-day FREE Trial' });
  await expect(offer.getByText('$FREE')).toBeVisible();
  await expect(offer.getByText('10 GB of backup storage')).toBeVisible();
  await offer.getByRole('button', { name: 'START FREE TRIAL' }).click();

  await expect(page.getByText('Trial was successfully started')).toBeVisible();
  const card = page.getByRole('region', { name: 'Backup & Archive Trial' });
  await expect(card.getByText('14-day FREE Trial')).toBeVisible();
  await expect(card.getByText(/^\w+ \d{1,2}, \d{4} at \d{2}:\d{2}$/)).toBeVisible();
  const limits = page.getByRole('table', { name: 'Backup & Archive license limits' });
  await expect(limits.getByRole('row', { name: 'Storage 10 GB' })).toBeVisible();
  await expect(limits.getByRole('row', { name: 'Retention 1 year' })).toBeVisible();

  // The trial stays after a reload, and DevOps is as it was: its own offer, or the licence it had.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Backup & Archive Trial' })).toBeVisible();
  await page.getByRole('tab', { name: 'DevOps' }).click();
  await expect(page).toHaveURL(/\/licenses\?tab=devops$/);
  expect(await devopsLicence()).toEqual(devopsBefore);
  await expect(
    devopsBefore.license === null
      ? page.getByRole('button', { name: 'START FREE TRIAL' })
      : page.getByRole('region', { name: 'DevOps Trial' }),
  ).toBeVisible();
});
