import { type Browser, expect, type Page, test } from '@playwright/test';
import { violationsOn } from './axe';
import { LoginPage } from './login.page';
import { CONSOLE_HEADERS, connectOrg } from './orgs';
import { signUpOwnTenant } from './own-tenant.page';

/** A browser of its own (no shared cookie), signed in with the password. */
async function signedIn(
  browser: Browser,
  tenantName: string,
  email: string,
  password: string,
  landing: RegExp = /\/(licenses|connections|security-overview)$/,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(tenantName, email, password);
  await expect(page).toHaveURL(landing);
  return page;
}

/** A second administrator of the owner's tenant with `role`, made through the API as the owner. */
async function administratorWith(ownerPage: Page, who: string, role: string) {
  const run = Date.now().toString(36);
  const person = { email: `${who}-${run}@approvals.example.com`, password: `Pw-${who}-${run}-Lantern7` };
  const created = await ownerPage.request.post('/api/v1/users', {
    headers: CONSOLE_HEADERS,
    data: { firstName: who, lastName: `Admin ${run}`, email: person.email, password: person.password },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const roles = await ownerPage.request.put(`/api/v1/users/${id}/admin-roles`, {
    headers: CONSOLE_HEADERS,
    data: { adminRoles: [role] },
  });
  expect(roles.status()).toBe(200);
  return person;
}

test('a connection delete waits for a second administrator, who approves it from the inbox', async ({
  browser,
  request,
}) => {
  // Two administrators signing in, a Salesforce login and three axe passes in both colour modes.
  test.setTimeout(180_000);
  // A tenant of its own: the approval policy applies tenant-wide, and other specs share the demo tenant.
  const owner = await signUpOwnTenant(request, 'approvals');
  const ownerPage = await signedIn(browser, owner.tenantName, owner.email, owner.password);

  // The second administrator, an Environment administrator, made through the API.
  const approver = await administratorWith(ownerPage, 'approver', 'EnvironmentAdministrator');
  const run = Date.now().toString(36);
  const orgName = `e2e-approval-org-${run}`;
  await connectOrg(ownerPage, orgName);

  // Approvals → Settings: connection deletes need approval.
  await ownerPage.goto('/approvals');
  await expect(ownerPage.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  await expect(ownerPage.getByText('Nothing waits for a decision')).toBeVisible();
  await ownerPage.getByRole('link', { name: 'Settings' }).click();
  await expect(ownerPage.getByRole('heading', { name: 'Approval settings', level: 1 })).toBeVisible();
  await ownerPage.getByRole('checkbox', { name: 'Delete a Salesforce connection' }).check();
  await expect(ownerPage.getByLabel('Validity (hours)')).toHaveValue('24');
  expect(await violationsOn(ownerPage)).toEqual([]);
  await ownerPage.getByRole('button', { name: 'Save' }).click();
  await expect(ownerPage.getByText('Approval settings saved.')).toBeVisible();

  // The owner deletes the connection: the console asks for a reason and sends a request instead.
  await ownerPage.goto('/connections');
  const row = ownerPage.getByRole('row').filter({ hasText: orgName });
  await row.getByRole('button', { name: `Delete Connection ${orgName}` }).click();
  const remove = ownerPage.getByRole('dialog', { name: 'Delete Connection' });
  await remove.getByRole('textbox', { name: 'Connection name' }).fill(orgName);
  await remove.getByRole('button', { name: 'Delete' }).click();
  const ask = ownerPage.getByRole('dialog', { name: 'Request approval' });
  await expect(ask).toContainText('second administrator');
  expect(await violationsOn(ownerPage)).toEqual([]);
  await ask.getByRole('textbox', { name: 'Reason' }).fill('The org was retired (ticket 4711)');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ownerPage.getByText('Request sent. Another administrator has to approve it.')).toBeVisible();
  await expect(ask).toBeHidden();
  await ownerPage.reload();
  await expect(ownerPage.getByRole('row').filter({ hasText: orgName })).toHaveCount(1);

  // The owner's own request is in "My requests", which they may cancel but not approve.
  await ownerPage.goto('/approvals?status=mine');
  await expect(ownerPage.getByRole('button', { name: /^Cancel request: / })).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: /^Approve: / })).toHaveCount(0);

  // The approver, in a browser of their own, sees the badge and approves from the inbox.
  const approverPage = await signedIn(browser, owner.tenantName, approver.email, approver.password);
  const badge = approverPage.getByRole('link', { name: 'Approvals: 1 request waits for you' });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(approverPage.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const inbox = approverPage.getByRole('table', { name: 'Approvals: Pending' });
  await expect(inbox).toContainText(orgName);
  await expect(inbox).toContainText('The org was retired (ticket 4711)');
  expect(await violationsOn(approverPage)).toEqual([]);
  await inbox.getByRole('button', { name: `Approve: Delete a Salesforce connection ${orgName}` }).click();
  const confirm = approverPage.getByRole('dialog');
  await expect(confirm).toContainText('carried out now');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(approverPage.getByText('Request approved and carried out.')).toBeVisible();
  await expect(approverPage.getByRole('link', { name: 'Approvals', exact: true }).first()).toBeVisible();

  // The connection is gone, for both.
  await approverPage.goto('/connections');
  await expect(approverPage.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
  await expect(approverPage.getByRole('row').filter({ hasText: orgName })).toHaveCount(0);
  await ownerPage.goto('/approvals?status=decided');
  await expect(ownerPage.getByRole('table', { name: 'Approvals: Decided' })).toContainText('Carried out');
});

test('an administrator asks for a role for a time, and an Owner approves it from the inbox', async ({
  browser,
  request,
}) => {
  // Two administrators signing in and two axe passes in both colour modes.
  test.setTimeout(180_000);
  const owner = await signUpOwnTenant(request, 'elevation');
  const ownerPage = await signedIn(browser, owner.tenantName, owner.email, owner.password);

  // The requester, a User administrator, made through the API.
  const asker = await administratorWith(ownerPage, 'asker', 'UserAdministrator');

  // The User administrator may not open Connections; they ask for the Environment administrator role.
  const askerPage = await signedIn(
    browser,
    owner.tenantName,
    asker.email,
    asker.password,
    /:\d+\/(?!login)[a-z-]+$/,
  );
  await askerPage.goto('/approvals');
  await askerPage.getByRole('button', { name: 'Request elevation' }).click();
  const dialog = askerPage.getByRole('dialog', { name: 'Request elevation' });
  await dialog.getByRole('combobox', { name: /^Access/ }).click();
  await askerPage.getByRole('option', { name: 'Role: Environment administrator' }).click();
  await dialog.getByRole('combobox', { name: /^For/ }).click();
  await askerPage.getByRole('option', { name: '4 hours' }).click();
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Restore for ticket 981');
  expect(await violationsOn(askerPage)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(
    askerPage.getByText('Elevation requested. An administrator who grants roles has to approve it.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await askerPage.goto('/connections');
  await expect(askerPage.getByText('You do not have access to this page')).toBeVisible();

  // The Owner sees who asks for what and for how long, and approves it.
  await ownerPage.goto('/approvals');
  const inbox = ownerPage.getByRole('table', { name: 'Approvals: Pending' });
  await expect(inbox).toContainText('Role: Environment administrator for 4 hours');
  await expect(inbox).toContainText('Restore for ticket 981');
  await expect(inbox).toContainText(asker.email);
  expect(await violationsOn(ownerPage)).toEqual([]);
  await inbox.getByRole('button', { name: /^Approve: Elevation for a time/ }).click();
  const confirm = ownerPage.getByRole('dialog');
  await expect(confirm).toContainText('granted now, as your decision');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(ownerPage.getByText('Request approved and carried out.')).toBeVisible();

  // The requester now opens Connections.
  await askerPage.goto('/connections');
  await expect(askerPage.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
});
