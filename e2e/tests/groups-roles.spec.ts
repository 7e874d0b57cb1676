import { expect, type Page, test } from '@playwright/test';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';
import { addConnection, CONSOLE_HEADERS, connectOrg } from './orgs';

const run = Date.now().toString(36);
const PASSWORD = 'Groups-e2e-1!';
const DISCARD = 'Discard unsaved changes?';

/** A call with the signed-in browser's session; answers the JSON body after checking the status. */
async function call<T>(page: Page, method: 'post' | 'patch', path: string, data: object, status: number) {
  const res = await page.request[method](path, { data, headers: CONSOLE_HEADERS });
  expect(res.status(), `${method} ${path}`).toBe(status);
  return (await res.json()) as T;
}

/** A role with DevOps full access (a seat a user) and a group with it, through the API. */
async function groupTakingSeats(page: Page, name: string) {
  const role = await call<{ id: string }>(page, 'post', '/api/v1/roles', { name, description: '' }, 201);
  await call(
    page,
    'patch',
    `/api/v1/roles/${role.id}/permissions`,
    {
      licenses: { backupFullAccess: true, devopsFullAccess: true, devopsReadAccess: false },
      dbr: { permissions: { connections: [] } },
      devops: { permissions: { connections: [], pullRequests: 'Contribute', pipelines: 'Manage' } },
    },
    200,
  );
  return call<{ id: string }>(page, 'post', '/api/v1/groups', { name, roleId: role.id }, 201);
}

/** The DevOps full-access seats still free; a DevOps trial licence is started when there is none. */
async function freeFullAccessSeats(page: Page) {
  const read = async () =>
    (await (await page.request.get('/api/v1/licenses?service=Devops')).json()) as {
      license: { limits: { name: string; available: number; used: number | null }[] } | null;
    };
  let { license } = await read();
  if (!license) {
    await call(page, 'post', '/api/v1/licenses/enable-trial', { product: 'devOps' }, 201);
    ({ license } = await read());
  }
  const seats = license!.limits.find((limit) => limit.name === 'devopsFullAccess')!;
  return seats.available - (seats.used ?? 0);
}

async function createUsers(page: Page, lastName: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    await call(
      page,
      'post',
      '/api/v1/users',
      {
        firstName: `User${index}`,
        lastName,
        email: `u${index}-${lastName.replace(/\W/g, '').toLowerCase()}@groups.example.com`,
        password: PASSWORD,
      },
      201,
    );
  }
}

/** Chooses a user in the open users picker; the list stays open for the next one. */
async function pickUser(page: Page, fullName: string) {
  await page.getByRole('option', { name: new RegExp(`^${fullName} \\(`) }).click();
}

test.describe('groups and roles', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsDemo(page);
  });

  test('a group save is one outcome: a seat refusal saves nothing and says so once; then all is saved', async ({
    page,
  }) => {
    const name = `Seats ${run}`;
    const group = await groupTakingSeats(page, name);
    const free = await freeFullAccessSeats(page);
    await createUsers(page, `Seat${run}`, free + 1);

    await page.goto(`/groups/${group.id}/edit`);
    await page.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
    const picker = page.getByRole('combobox', { name: 'Add users' });
    await picker.fill(`Seat${run}`);
    for (let index = 0; index <= free; index += 1) await pickUser(page, `User${index} Seat${run}`);
    await picker.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();

    const refusal = `Not enough DevOps seats: ${free} available, ${free + 1} needed.`;
    await expect(page.getByText(refusal)).toBeVisible();
    await expect(page.getByText('Group updated successfully')).toBeHidden();
    const stored = await (await page.request.get(`/api/v1/groups/${group.id}`)).json();
    expect(stored).toMatchObject({ name, userCount: 0 });

    // One user fewer fits: the name and the users are saved together, with one toast.
    await picker.fill('');
    await picker.press('Backspace');
    await picker.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Group updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Group: ${name} renamed` })).toBeVisible();
    await expect(page.getByText('Users updated successfully')).toBeHidden();
    expect(await (await page.request.get(`/api/v1/groups/${group.id}`)).json()).toMatchObject({
      userCount: free,
    });

    // The seats go back to the demo tenant, which the other specs share.
    const removed = await page.request.delete(`/api/v1/groups/${group.id}`, { headers: CONSOLE_HEADERS });
    expect(removed.ok()).toBe(true);
  });

  test('Add Connections fills the role form and says nothing is saved until Save', async ({ page }) => {
    const orgName = `e2e-gr-org-${run}`;
    await connectOrg(page, orgName);
    await openFromSidebar(page, 'Roles');
    await page.getByRole('link', { name: 'Create' }).first().click();
    await addConnection(page, orgName);
    await expect(page.getByText('Organization was successfully updated')).toBeHidden();
    await expect(page.getByRole('checkbox', { name: `Restore: ${orgName}` })).not.toBeChecked();
  });

  test('the licence banner names the product tab still without a level and opens it', async ({ page }) => {
    await openFromSidebar(page, 'Roles');
    await page.getByRole('link', { name: 'Create' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill(`Banner ${run}`);
    await page.getByRole('tab', { name: 'DevOps' }).click();
    await page.getByRole('radio', { name: 'Read access' }).check();
    await page.getByRole('button', { name: 'Create' }).click();

    const banner = page.getByRole('alert').filter({ hasText: 'Licenses must be selected to proceed.' });
    await expect(banner).toContainText('Choose a license level on the Backup & Archive tab.');
    await expect(page.getByRole('tab', { name: 'Backup & Archive' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: 'DevOps' }).click();
    await banner.getByRole('button', { name: 'Open Backup & Archive' }).click();
    await expect(page.getByRole('tab', { name: 'Backup & Archive' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('radio', { name: 'Full access' }).check();
    await expect(banner).toBeHidden();
  });

  test('dirty forms ask before they are left or closed', async ({ page }) => {
    // A form dialog: Esc asks, Keep editing keeps the text, Discard closes.
    await openFromSidebar(page, 'Groups');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Create group' });
    await create.getByLabel('Name').fill(`Unsaved ${run}`);
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: DISCARD });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(create.getByLabel('Name')).toHaveValue(`Unsaved ${run}`);
    await create.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(create).toBeHidden();

    // A page form: the sidebar asks first; the product tabs do not; a closed tab gets the browser's question.
    await openFromSidebar(page, 'Roles');
    await page.getByRole('link', { name: 'Create' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill(`Unsaved ${run}`);
    await page.getByRole('tab', { name: 'DevOps' }).click();
    await expect(ask).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Groups' })
      .click();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Role' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`Unsaved ${run}`);
    // The browser's Back asks too, and Keep editing stays on the form.
    await page.evaluate(() => window.history.back());
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`Unsaved ${run}`);
    await expect(page).toHaveURL(/\/roles\/create/);

    const beforeUnload = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const question = await beforeUnload;
    expect(question.type()).toBe('beforeunload');
    await question.accept();
  });

  test('Create lands on the new group, where Add members adds users in one save', async ({ page }) => {
    const name = `Members ${run}`;
    await call(page, 'post', '/api/v1/roles', { name, description: '' }, 201);
    await createUsers(page, `Member${run}`, 2);

    await openFromSidebar(page, 'Groups');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Create group' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('combobox', { name: 'Role' }).fill(name);
    await page.getByRole('option', { name }).click();
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Group: ${name}` })).toBeVisible();

    await page.getByRole('button', { name: 'Add members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add members' });
    const picker = dialog.getByRole('combobox', { name: 'Users' });
    await picker.fill(`Member${run}`);
    for (let index = 0; index < 2; index += 1) await pickUser(page, `User${index} Member${run}`);
    // The list stays open for more picks; Esc closes it, not the dialog.
    await picker.press('Escape');
    await expect(page.getByRole('dialog', { name: DISCARD })).toBeHidden();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Users updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const users = page.getByRole('table', { name: 'Group users' });
    await expect(users.getByText(`@groups.example.com`)).toHaveCount(2);
  });
});
