import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoLogin } from './demo';
import { LoginPage, logOut } from './login.page';
import { openFromSidebar } from './navigation';

const run = Date.now().toString(36);
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const PASSWORD = 'People-e2e-1!';
const groupName = `Team ${run}`;
const roles = { first: `Viewers ${run}`, second: `Developers ${run}` };
const members = [
  { firstName: 'Ada', lastName: `Member ${run}`, email: `ada-${run}@people.example.com` },
  { firstName: 'Alan', lastName: `Member ${run}`, email: `alan-${run}@people.example.com` },
];
const plainUser = { firstName: 'Pat', lastName: `Plain ${run}`, email: `pat-${run}@people.example.com` };

/** A role through the API with the signed-in browser's session (the roles screens have their own spec). */
async function createRole(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/v1/roles', {
    data: { name, description: '' },
    headers: CONSOLE_HEADERS,
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Full access to both products, contributing pull requests and managing pipelines. */
async function grantFullAccess(page: Page, roleId: string) {
  const res = await page.request.patch(`/api/v1/roles/${roleId}/permissions`, {
    data: {
      licenses: { backupFullAccess: true, devopsFullAccess: true, devopsReadAccess: false },
      dbr: { permissions: { connections: [] } },
      devops: { permissions: { connections: [], pullRequests: 'Contribute', pipelines: 'Manage' } },
    },
    headers: CONSOLE_HEADERS,
  });
  expect(res.status()).toBe(200);
}

/** Types into a picker and chooses the option that appears. */
async function pick(page: Page, picker: Locator, text: string) {
  await picker.fill(text);
  await page.getByRole('option', { name: text }).click();
}

async function createUser(
  page: Page,
  user: { firstName: string; lastName: string; email: string },
  group?: string,
) {
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByLabel('First name').fill(user.firstName);
  await dialog.getByLabel('Last name').fill(user.lastName);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  if (group) await pick(page, dialog.getByRole('combobox', { name: 'Group' }), group);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Users' }).getByText(user.email)).toBeVisible();
}

test('groups with a role, their users, a role change that clears them, and a non-administrator', async ({
  page,
}) => {
  const demo = demoLogin();
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(demo.tenantName, demo.email, demo.password);
  await expect(page).toHaveURL(/\/security-overview$/);
  await grantFullAccess(page, await createRole(page, roles.first));
  await createRole(page, roles.second);

  // A group with the first role.
  await openFromSidebar(page, 'Groups', 'Groups');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create group' });
  await create.getByLabel('Name').fill(groupName);
  await pick(page, create.getByRole('combobox', { name: 'Role' }), roles.first);
  await create.getByLabel('Description').fill('People of the browser test');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();
  // Create goes on to the new group's page.
  await expect(page.getByRole('heading', { level: 1, name: `Group: ${groupName}` })).toBeVisible();

  // Two users in it.
  await openFromSidebar(page, 'Users', 'Users');
  for (const member of members) await createUser(page, member, groupName);

  await openFromSidebar(page, 'Groups', 'Groups');
  await page.getByRole('link', { name: groupName }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Group: ${groupName}` })).toBeVisible();
  const groupUsers = page.getByRole('table', { name: 'Group users' });
  for (const member of members) await expect(groupUsers.getByText(member.email)).toBeVisible();

  // A member's effective permissions come from the group's role.
  await openFromSidebar(page, 'Users', 'Users');
  await page.getByRole('link', { name: `${members[0]!.firstName} ${members[0]!.lastName}` }).click();
  const effective = page.getByRole('region', { name: 'Effective permissions' });
  await expect(effective.getByText('Pull requests: Contribute')).toBeVisible();
  await expect(effective.getByText('Pipelines: Manage & Execute pipelines')).toBeVisible();
  await openFromSidebar(page, 'Groups', 'Groups');
  await page.getByRole('link', { name: groupName }).click();

  // A new role clears the group, after a confirmation.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit group: ${groupName}` })).toBeVisible();
  await pick(page, page.getByRole('combobox', { name: 'Role' }), roles.second);
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to change the role?' });
  await expect(confirm.getByText('All assigned users will be removed from the group!')).toBeVisible();
  await confirm.getByRole('button', { name: 'Change role' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Group: ${groupName}` })).toBeVisible();
  await expect(groupUsers.getByText('No users in this group')).toBeVisible();
  for (const member of members) await expect(groupUsers.getByText(member.email)).toBeHidden();

  // A user who is no administrator sees MFA Devices only.
  await openFromSidebar(page, 'Users', 'Users');
  await createUser(page, plainUser);
  await logOut(page);
  await login.withTenantName(demo.tenantName, plainUser.email, PASSWORD);
  await expect(page).toHaveURL(/\/mfa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'MFA Devices' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'MFA Devices' })).toBeVisible();
});
