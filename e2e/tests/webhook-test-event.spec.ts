import { createHmac } from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { violationsOn } from './axe';
import { signInAsDemo } from './demo';

const CONSOLE_HEADERS = { 'x-requested-with': 'skyvault-console' };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine: keeps each request, answers the next of `answers` (then 200). */
async function startReceiver(answers: number[]) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks/skyvault`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks signature of a request, made with the endpoint's secret. */
const signatureOf = (secret: string, request: Received) => {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
};

test('Send test event delivers a signed webhook.test to the endpoint and shows its answer, or why it failed', async ({
  page,
}) => {
  const receiver = await startReceiver([200, 500]);
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
