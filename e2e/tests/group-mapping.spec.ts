import { expect, test } from '@playwright/test';
import { violationsOn } from './axe';
import { signInAsDemo } from './demo';
import { createGroup, useOpenIdProvider } from './identity-providers.page';

const run = Date.now().toString(36);
const names = {
  provider: `Mapped IdP ${run}`,
  admins: `Backup admins ${run}`,
  staff: `Staff ${run}`,
};
const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };
const DAY = 24 * 60 * 60 * 1000;

// The API reads the issuer's OpenID configuration when a provider is saved, so a real one runs here.
const provider = useOpenIdProvider({ clientId: `mapping-${run}` });

test('group mapping: rules added, tried against pasted claims before saving, reordered by keyboard, saved; the expiry banner', async ({
  page,
}) => {
  await signInAsDemo(page);
  await createGroup(page, names.admins);
  await createGroup(page, names.staff);
  // A client secret that ends in ten days: the banner and the page say so.
  const endsOn = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
  const created = await page.request.post('/api/v1/identity-providers', {
    headers: CONSOLE_HEADERS,
    data: {
      name: names.provider,
      type: 'OpenId',
      buttonText: '',
      credentialsExpireAt: endsOn,
      providerData: {
        clientId: provider().clientId,
        clientSecret: provider().clientSecret,
        issuer: provider().issuer,
      },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  try {
    await page.goto(`/identity-providers/${id}`);
    const banner = page.getByRole('status', { name: 'Expiring credentials' });
    await expect(banner.getByRole('link', { name: names.provider })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${endsOn} \\(Expires in (9|10) days\\)$`))).toBeVisible();

    const card = page.getByRole('region', { name: 'Group mapping' });
    await expect(card.getByText('No rules: sign-ins through this provider')).toBeVisible();

    // Two rules: membership of the provider's admins group, then of its staff group.
    const rules = card.getByRole('list', { name: 'Group mapping rules' });
    const addRule = async (n: number, value: string, group: string) => {
      await card.getByRole('button', { name: 'Add rule' }).click();
      const rule = rules.getByRole('listitem', { name: `Rule ${n}` });
      await expect(rule.getByLabel(/^Claim/)).toHaveValue('groups');
      await rule.getByLabel(/^Value/).fill(value);
      await rule.getByRole('combobox', { name: 'Group' }).fill(group);
      await page.getByRole('option', { name: group }).click();
    };
    await addRule(1, 'sf-backup-admins', names.admins);
    await addRule(2, 'staff', names.staff);

    // Tried before saving: the first rule that matches wins.
    const claims = card.getByLabel('Claims to try (JSON)');
    await claims.fill('{"email": "ada@demo.example.com", "groups": ["staff", "sf-backup-admins"]}');
    await card.getByRole('button', { name: 'Try rules' }).click();
    await expect(card.getByText(`Rule 1 matches: the user joins ${names.admins}.`)).toBeVisible();

    // Moved with the keyboard: the staff rule comes first, and now it matches.
    await rules.getByRole('button', { name: 'Move rule 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expect(rules.getByRole('listitem', { name: 'Rule 1' }).getByLabel(/^Value/)).toHaveValue('staff');
    await card.getByRole('button', { name: 'Try rules' }).click();
    await expect(card.getByText(`Rule 1 matches: the user joins ${names.staff}.`)).toBeVisible();
    await claims.fill('{"groups": ["contractors"]}');
    await card.getByRole('button', { name: 'Try rules' }).click();
    await expect(card.getByText('No rule matches: the user gets the default group, no group.')).toBeVisible();

    expect(await violationsOn(page)).toEqual([]);

    await card.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText('Group mapping was saved')).toBeVisible();
    await page.reload();
    const saved = page.getByRole('list', { name: 'Group mapping rules' });
    await expect(saved.getByRole('listitem', { name: 'Rule 1' }).getByLabel(/^Value/)).toHaveValue('staff');
    await expect(saved.getByRole('listitem', { name: 'Rule 2' }).getByLabel(/^Value/)).toHaveValue(
      'sf-backup-admins',
    );
    await expect(
      saved.getByRole('listitem', { name: 'Rule 2' }).getByRole('combobox', { name: 'Group' }),
    ).toHaveValue(names.admins);
  } finally {
    // The demo tenant is shared: its banner must not stay for the other tests.
    const removed = await page.request.delete(`/api/v1/identity-providers/${id}`, {
      headers: CONSOLE_HEADERS,
    });
    expect(removed.status()).toBe(204);
  }
});
