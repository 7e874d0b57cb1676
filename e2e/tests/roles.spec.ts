import { expect, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';
import { addConnection, connectOrg } from './orgs';

test.describe('roles', () => {
  test('the demo administrator creates a role with connection permissions and sees it on its details', async ({
    page,
  }) => {
    await signInAsDemo(page);

    const suffix = Date.now().toString(36);
    const orgName = `e2e-role-org-${suffix}`;
    const roleName = `E2E releasers ${suffix}`;
    await connectOrg(page, orgName);

    await openFromSidebar(page, 'Roles');
    await page.getByRole('link', { name: 'Create' }).first().click();
    await expect(page.getByRole('heading', { name: 'Create Role', level: 1 })).toBeVisible();

    await page.getByRole('textbox', { name: 'Name' }).fill(roleName);
    await page.getByRole('textbox', { name: 'Description' }).fill('Backs up and deploys');
    // Without licence levels the form is blocked.
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Licenses must be selected to proceed.')).toBeVisible();

    // Backup & Archive: full access, backups and restores of the org.
    await page.getByRole('radio', { name: 'Full access' }).check();
    await addConnection(page, orgName);
    await page.getByRole('checkbox', { name: `Backup & Archive: ${orgName}` }).check();
    await page.getByRole('checkbox', { name: `Restore: ${orgName}` }).check();

    // DevOps: read access holds the options to their first ones and the org's rights off.
    await page.getByRole('tab', { name: 'DevOps' }).click();
    await page.getByRole('radio', { name: 'Read access' }).check();
    await expect(page.getByRole('radio', { name: 'Manage & Execute pipelines' })).toHaveCount(0);
    await addConnection(page, orgName);
    await expect(page.getByRole('checkbox', { name: `Deploy: ${orgName}` })).toBeDisabled();
    await expect(page.getByText('Licenses must be selected to proceed.')).toBeHidden();

    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Role was successfully created')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Role: ${roleName}`, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/roles\/[0-9a-f-]{36}(\?tab=devops)?$/);
    await expect(page.getByText('Backs up and deploys')).toBeVisible();

    await page.getByRole('tab', { name: 'Backup & Archive' }).click();
    const backupRows = page.getByRole('table', { name: 'Backup & Archive connection permissions' });
    await expect(backupRows.getByRole('checkbox', { name: `Backup & Archive: ${orgName}` })).toBeChecked();
    await expect(backupRows.getByRole('checkbox', { name: `Restore: ${orgName}` })).toBeChecked();
    await expect(backupRows.getByRole('checkbox', { name: `Export: ${orgName}` })).not.toBeChecked();
    await page.getByRole('tab', { name: 'DevOps' }).click();
    await expect(page.getByRole('radio', { name: 'Read access' })).toBeChecked();
    await expect(
      page.getByRole('table', { name: 'DevOps connection permissions' }).getByText(orgName),
    ).toBeVisible();

    await page
      .getByRole('button', { name: 'Back to Roles' })
      .or(page.getByRole('link', { name: 'Back to Roles' }))
      .click();
    await expect(page.getByRole('link', { name: roleName })).toBeVisible();
  });
});
