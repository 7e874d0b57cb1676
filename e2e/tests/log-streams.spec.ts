import { expect, type Page, test } from '@playwright/test';
import { violationsOn } from './axe';
import { signInAsDemo } from './demo';
import { openFromSidebar } from './navigation';
import { signatureOf, startReceiver } from './receiver';

const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };

/** axe on the screen itself, once the toasts (which fade in, their colours not yet final) have gone. */
async function screenViolations(page: Page) {
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0, { timeout: 20_000 });
  return violationsOn(page);
}

/**
 * Security → Log streams: the demo Owner adds an HTTPS stream through the form, copies its signing
 * secret (shown once), sees the stream Active with its lag, the receiver gets a signed batch of audit
 * events (the stream's own creation among them), and Pause shows it Paused. Axe finds nothing on the
 * list or either dialog.
 */
test('an Owner adds an HTTPS log stream, sees it Active with its lag, the receiver gets a signed batch, and pauses it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver('/siem/skyvault');
  const name = `SIEM ${Date.now().toString(36)}`;
  let streamId: string | undefined;
  try {
    await signInAsDemo(page);
    await openFromSidebar(page, 'Log streams');
    expect(await screenViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add log stream' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add log stream' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveText('HTTPS (signed JSON)');
    expect(await screenViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    const createdAnswer = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/log-streams') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create' }).click();
    const created = await createdAnswer;
    expect(created.status()).toBe(201);
    streamId = ((await created.json()) as { id: string }).id;

    // The signing secret, this once.
    const secretDialog = page.getByRole('dialog', { name: 'Copy your signing secret' });
    await expect(secretDialog).toBeVisible();
    await expect(secretDialog).toContainText('This is the only time the signing secret is shown.');
    const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(await screenViolations(page)).toEqual([]);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();

    // The stream's row: its state and its lag.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Active');
    // Its URL as every answer shows it: the host, the path hidden (it may carry a token).
    await expect(row).toContainText(`${new URL(receiver.url).origin}/…`);
    const lagColumn = await page
      .getByRole('columnheader')
      .evaluateAll((headers) => headers.findIndex((header) => header.textContent?.trim() === 'Lag'));
    expect(lagColumn).toBeGreaterThanOrEqual(0);
    // The cell as drawn (its column's name, shown on phones only, left out).
    await expect(row.getByRole('cell').nth(lagColumn)).toHaveText(/^(Up to date|\d+ (s|min|h|days))$/, {
      useInnerText: true,
    });
    expect(await screenViolations(page)).toEqual([]);

    // The receiver gets a batch (the stream looks for events every few seconds), signed with the secret
    // and holding the stream's own creation.
    await expect
      .poll(() => receiver.received.length, { timeout: 30_000, intervals: [500, 1_000, 2_000] })
      .toBeGreaterThan(0);
    const [batch] = receiver.received;
    expect(batch!.headers['webhook-signature']).toBe(signatureOf(secret, batch!));
    const events = JSON.parse(batch!.body) as {
      schema: string;
      action: string;
      target: { type: string; id: string };
    }[];
    expect(events).toContainEqual(
      expect.objectContaining({
        schema: 'skyvault.audit-event/1',
        action: 'create',
        target: expect.objectContaining({ type: 'log-stream', id: streamId }),
      }),
    );

    // Pause: the row says Paused, and its button now resumes.
    await row.getByRole('button', { name: `Pause ${name}` }).click();
    await expect(page.getByText('Log stream was paused')).toBeVisible();
    await expect(row).toContainText('Paused', { timeout: 20_000 });
    await expect(row.getByRole('button', { name: `Resume ${name}` })).toBeVisible();
    expect(await screenViolations(page)).toEqual([]);
  } finally {
    if (streamId) await page.request.delete(`/api/v1/log-streams/${streamId}`, { headers: CONSOLE_HEADERS });
    await receiver.close();
  }
});
