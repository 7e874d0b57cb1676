import { expect, test } from '@playwright/test';
import { violationsOn } from './axe';
import { signInAsDemo } from './demo';
import { signatureOf, startReceiver } from './receiver';

const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };

test('Send test event delivers a signed webhook.test to the endpoint and shows its answer, or why it failed', async ({
  page,
}) => {
  const receiver = await startReceiver('/hooks/skyvault', [200, 500]);
  try {
    await signInAsDemo(page);
    const created = await page.request.post('/api/v1/webhooks', {
      headers: CONSOLE_HEADERS,
      data: { url: receiver.url, events: ['user.deleted'] },
    });
    expect(created.status()).toBe(201);
    const webhook = (await created.json()) as { id: string; secret: string };

    try {
      await page.goto(`/webhooks/${webhook.id}`);
      await expect(page.getByRole('heading', { level: 1, name: /^Webhook endpoint: / })).toBeVisible();
      await page.getByRole('button', { name: 'Send test event', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText(
        /^Test event delivered: the endpoint answered HTTP 200 in \d+ ms/,
      );

      // The receiver got one request, signed with the endpoint's secret.
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      expect(request!.headers['webhook-signature']).toBe(signatureOf(webhook.secret, request!));
      expect(JSON.parse(request!.body)).toMatchObject({
        type: 'webhook.test',
        data: { webhook: { id: webhook.id } },
      });

      // The delivery log shows it; the next test meets the receiver's 500.
      const log = page.getByRole('table', { name: 'Deliveries' });
      await expect(log.getByRole('row').filter({ hasText: 'Test event' })).toHaveCount(1);
      await page.getByRole('button', { name: 'Send test event', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText('Test event failed: HTTP 500');
      expect(await violationsOn(page)).toEqual([]);
      await expect(log.getByRole('row').filter({ hasText: 'Test event' })).toHaveCount(2);
    } finally {
      await page.request.delete(`/api/v1/webhooks/${webhook.id}`, { headers: CONSOLE_HEADERS });
    }
  } finally {
    await receiver.close();
  }
});
