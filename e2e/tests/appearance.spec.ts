import { expect, type Page, test } from '@playwright/test';
import { violationsAsDrawn } from './axe';
import { signInAsDemo } from './demo';
import { LoginPage } from './login.page';
import { signUpOwnTenant } from './own-tenant.page';

/** The page background of each mode (core/theme.ts), as the browser computes it. */
const BACKGROUND = { light: 'rgb(245, 246, 250)', dark: 'rgb(15, 20, 35)' };
/** The focus ring's colours: the theme's pink of each mode, and the top bar's white. */
const RING = { light: 'rgb(200, 31, 101)', dark: 'rgb(244, 143, 177)', topBar: 'rgb(255, 255, 255)' };

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function chooseTheme(page: Page, label: 'System' | 'Light' | 'Dark') {
  await page.getByRole('button', { name: 'Settings' }).click();
  const item = page.getByRole('menuitemradio', { name: `Theme: ${label}` });
  await item.click();
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
}

test('the theme follows the system, and the settings menu chooses a mode that outlasts a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInAsDemo(page);
  await expect.poll(() => pageBackground(page)).toBe(BACKGROUND.light);
  // The system turns dark: the console follows at once.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => pageBackground(page)).toBe(BACKGROUND.dark);

  await chooseTheme(page, 'Light');
  await expect.poll(() => pageBackground(page)).toBe(BACKGROUND.light);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => pageBackground(page)).toBe(BACKGROUND.light);

  await chooseTheme(page, 'System');
  await expect.poll(() => pageBackground(page)).toBe(BACKGROUND.dark);
  await chooseTheme(page, 'Dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => pageBackground(page)).toBe(BACKGROUND.dark);
  await chooseTheme(page, 'System');
});

/**
 * What the focused element shows: its outline (or that of the MUI control drawing the keyboard focus
 * around it), or, for a text field, whether MUI marks the field focused (its thick coloured border).
 */
const focusIndicator = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { what: 'nothing focused' };
    const what = `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40)}`;
    if (active.classList.contains('MuiInputBase-input')) {
      return { what, field: Boolean(active.closest('.Mui-focused')) };
    }
    const ringed = active.closest('.Mui-focusVisible') ?? active;
    const style = getComputedStyle(ringed);
    return { what, outline: `${style.outlineStyle} ${style.outlineWidth}`, color: style.outlineColor };
  });

for (const mode of ['light', 'dark'] as const) {
  test(`the keyboard's focus shows on every element it reaches (${mode})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: mode });
    await signInAsDemo(page);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    const seen = new Set<string>();
    const walked: string[] = [];
    // From the top of the page to its end, where the focus leaves for the browser's own controls.
    for (let stop = 0; stop < 60; stop++) {
      await page.keyboard.press('Tab');
      const focus = await focusIndicator(page);
      if (focus.what === 'nothing focused' && walked.length > 0) break;
      walked.push(focus.what);
      seen.add(focus.color ?? 'field');
      if ('field' in focus) expect(focus.field, `${focus.what}: its field shows the focus`).toBe(true);
      else expect(focus.outline, `${focus.what}: a 2 px ring`).toBe('solid 2px');
    }
    // The skip link, the top bar, the sidebar's links, the search, the rows' links, the pagination.
    expect(walked.length, walked.join('\n')).toBeGreaterThan(15);
    // The theme's pink on the page, white on the navy top bar.
    expect([...seen]).toEqual(expect.arrayContaining([RING[mode], RING.topBar]));
  });
}

test('on a 390 px phone a list is a stack of cards, label and value on each line, in both modes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemo(page);
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  const row = table.getByRole('row').nth(1);
  const cells = row.getByRole('cell');
  // The column names stand before the values, one line each, and the page needs no sideways scrolling.
  await expect(row.getByText('Email', { exact: true })).toBeVisible();
  await expect(row.getByText('Status', { exact: true })).toBeVisible();
  const [first, second] = await Promise.all([cells.nth(0).boundingBox(), cells.nth(1).boundingBox()]);
  expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height - 1);
  expect(second!.x).toBe(first!.x);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const next = await page.getByRole('button', { name: 'Go to next page' }).boundingBox();
  expect(next!.x + next!.width).toBeLessThanOrEqual(390);
  // Screen readers still get a table with its column headers.
  await expect(table.getByRole('columnheader', { name: 'Email' })).toBeAttached();

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => pageBackground(page)).toBe(BACKGROUND[colorScheme]);
    expect(await violationsAsDrawn(page), colorScheme).toEqual([]);
  }
  // A table of the shared parts stacks as well: the audit log's events.
  await page.goto('/audit-log');
  const events = page.getByRole('table', { name: 'Audit events' });
  await expect(events.getByRole('row').nth(1).getByText('Actor', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // On phones the settings menu also shows the e-mail, which the top bar has no room for.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('menu').getByText(/@/)).toBeVisible();
  // The pointer rests on the button it clicked, whose tooltip would fade in under axe (the open menu
  // hides it from the accessibility tree, so it is found by its class): it moves away.
  await page.mouse.move(195, 700);
  await expect(page.locator('.MuiTooltip-popper')).toHaveCount(0);
  expect(await violationsAsDrawn(page), 'settings menu').toEqual([]);
});

test("the tenant's name shows in the top bar and the settings menu, and Change tenant name renames it", async ({
  page,
  request,
}) => {
  const owner = await signUpOwnTenant(request, 'appearance');
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(owner.tenantName, owner.email, owner.password);
  await expect(page).toHaveURL(/\/security-overview$/);
  const topBar = page.getByRole('banner');
  await expect(topBar.getByText(owner.tenantName, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('menuitem', { name: /Copy tenant id/ })).toHaveAccessibleName(
    new RegExp(`^${owner.tenantName} [0-9a-f-]{36} Copy tenant id$`),
  );
  await page.getByRole('menuitem', { name: 'Change tenant name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change tenant name' });
  // A raised surface in dark mode: its text and buttons keep their contrast.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => pageBackground(page)).toBe(BACKGROUND.dark);
  expect(await violationsAsDrawn(page), 'dialog in dark mode').toEqual([]);
  const renamed = `${owner.tenantName.slice(0, 24)}-new`;
  await dialog.getByLabel('Tenant name').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tanant name was successfully updated')).toBeVisible();
  await expect(topBar.getByText(renamed, { exact: true })).toBeVisible();

  // The new name is the one to log in with.
  await page.reload();
  await expect(topBar.getByText(renamed, { exact: true })).toBeVisible();
});
