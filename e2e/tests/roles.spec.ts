import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { violationsOn } from './axe';
import { demoLogin, signInAsDemo } from './demo';
import { LoginPage } from './login.page';
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

/**
 * Administrator roles (docs/administration.md): each administrator is shown what their roles let them
 * do, from the same declarations the API enforces. The users are made through the API by the demo
 * administrator (an Owner), each then signs in in a browser context of its own.
 */
test.describe('administrator roles', () => {
  const CONSOLE = { 'x-requested-with': 'skyvault-console' };
  const run = Date.now().toString(36);
  const password = `Roles-e2e-${run}-Admin7`;
  const NO_ACCESS = 'You do not have access to this page';
  type Role = 'Auditor' | 'EnvironmentAdministrator' | 'UserAdministrator';
  const emails: Record<Role, string> = {
    Auditor: `auditor-${run}@roles.example.com`,
    EnvironmentAdministrator: `environment-${run}@roles.example.com`,
    UserAdministrator: `people-${run}@roles.example.com`,
  };
  let owner: APIRequestContext;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const demo = demoLogin();
    owner = await playwright.request.newContext({
      baseURL: String(testInfo.project.use.baseURL),
      extraHTTPHeaders: CONSOLE,
    });
    const signedIn = await owner.post('/api/v1/auth/login', {
      data: { tenantName: demo.tenantName, email: demo.email, password: demo.password },
    });
    expect(signedIn.status()).toBe(200);
    for (const [role, email] of Object.entries(emails) as [Role, string][]) {
      const created = await owner.post('/api/v1/users', {
        data: { firstName: 'Role', lastName: `${role} ${run}`, email, password },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const granted = await owner.put(`/api/v1/users/${id}/admin-roles`, { data: { adminRoles: [role] } });
      expect(granted.status()).toBe(200);
    }
  });

  test.afterAll(async () => {
    await owner?.dispose();
  });

  /** A browser context of the role's administrator, signed in and on the start page. */
  async function signInAs(browser: Browser, role: Role): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    const login = new LoginPage(page);
    await login.open();
    await login.withTenantName(demoLogin().tenantName, emails[role], password);
    await expect(page).toHaveURL(/\/(licenses|security-overview)$/);
    return page;
  }

  const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

  async function open(page: Page, path: string, heading: string | RegExp) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  test('an Auditor sees every screen read-only', async ({ browser }) => {
    const page = await signInAs(browser, 'Auditor');
    for (const link of ['Users', 'Connections', 'Storages', 'Webhooks', 'Audit Log']) {
      await expect(sidebar(page).getByRole('link', { name: link })).toBeVisible();
    }
    await open(page, '/users', 'Users');
    await expect(page.getByRole('table', { name: 'Users' }).getByText(emails.Auditor)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);
    await open(page, '/connections', 'Connections');
    await expect(page.getByRole('button', { name: 'Create connection' })).toHaveCount(0);
    await open(page, '/storages', 'Storages');
    await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);
    await open(page, '/webhooks', 'Webhooks');
    await expect(page.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0);
    await open(page, '/domains', 'Domains');
    await expect(page.getByRole('button', { name: 'Add domain' })).toHaveCount(0);
    await open(page, '/authentication', 'Authentication');
    await expect(page.getByRole('radio', { name: 'Off' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    // The audit log is the Auditor's to read, with its own sign-in in it.
    await open(page, '/audit-log', 'Audit Log');
    await expect(page.getByText(NO_ACCESS)).toHaveCount(0);
    await page.context().close();
  });

  test('an Environment administrator changes connections and storages, and nothing of users', async ({
    browser,
  }) => {
    const page = await signInAs(browser, 'EnvironmentAdministrator');
    await expect(sidebar(page).getByRole('link', { name: 'Connections' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Storages' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await openFromSidebar(page, 'Connections');
    await expect(page.getByRole('button', { name: 'Create connection' }).first()).toBeVisible();
    await openFromSidebar(page, 'Storages');
    await expect(page.getByRole('button', { name: 'Create', exact: true }).first()).toBeVisible();

    // A users' address typed in: the page says what is missing instead of failing.
    await open(page, '/users', NO_ACCESS);
    await expect(page.getByText(/needs the users:read permission/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the start page' })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expect(page).toHaveURL(/\/licenses$/);
    await page.context().close();
  });

  test('a User administrator manages users, and is told the audit log is not theirs', async ({ browser }) => {
    const page = await signInAs(browser, 'UserAdministrator');
    await expect(sidebar(page).getByRole('link', { name: 'Connections' })).toHaveCount(0);
    await openFromSidebar(page, 'Users');
    await expect(page.getByRole('button', { name: 'Create', exact: true }).first()).toBeVisible();
    await open(page, '/audit-log', NO_ACCESS);
    await expect(page.getByText(/needs the audit:read permission/)).toBeVisible();
    await open(page, '/connections', NO_ACCESS);
    await page.context().close();
  });
});
