import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTenantWithUser, type TestApp, useTestApp } from '../../../test/app.js';
import { openTestDatabase } from '../../../test/database.js';
import { webhookDeliveryAttempts } from '../../db/schema/index.js';
import { purgeSettledDeliveries } from '../../platform/webhook-outbox/index.js';
import { addWebhook, invitee, newUser, openApp } from './webhook-app.test-helpers.js';
import { refusingUrl, startReceiver, until } from './webhook-receiver.test-helpers.js';

/** The time-out of one attempt here (WEBHOOK_TIMEOUT_MS): long enough to tell waiting from not. */
const TIMEOUT = 3000;

const attemptsOf = async (t: TestApp, cookie: string, webhookId: string) => {
  const url = `/api/v1/webhooks/${webhookId}/deliveries`;
  const [delivery] = (await call(t, { method: 'GET', url, cookie })).json().deliveries;
  const res = await call(t, { method: 'GET', url: `${url}/${delivery.id}/attempts`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().attempts as {
    attempt: number;
    responseStatus: number | null;
    errorKind: string | null;
    error: string | null;
    durationMs: number;
  }[];
};

describe("one tenant's slow receiver", () => {
  const t = useTestApp(async () =>
    openApp(await openTestDatabase(), { WEBHOOK_TIMEOUT_MS: String(TIMEOUT) }),
  );

  it("never delays another tenant's delivery; its own attempt times out and is retried", async () => {
    // Answers its first request only long after the time-out, then at once.
    const slow = await startReceiver({ holds: [TIMEOUT + 1000] });
    const prompt = await startReceiver();
    try {
      const one = await createTenantWithUser(t, { isAdmin: true });
      const two = await createTenantWithUser(t, { isAdmin: true });
      const hanging = await addWebhook(t, one.cookie, slow.url);
      await addWebhook(t, two.cookie, prompt.url);

      await call(t, { ...newUser('slow-one@example.com'), cookie: one.cookie });
      await until('the slow receiver holds its request', () => slow.received.length === 1);
      const hangingSince = slow.received[0]!.at;
      expect((await call(t, { ...invitee('prompt-two@example.com'), cookie: two.cookie })).statusCode).toBe(
        201,
      );
      await until('the other tenant’s delivery', () => prompt.received.length === 1);
      // Well before the slow attempt's time-out: nothing waited for it.
      expect(prompt.received[0]!.at - hangingSince).toBeLessThan(TIMEOUT / 2);

      // The slow attempt ends at its time-out, is recorded as one, and is tried again.
      await until('the retry', () => slow.received.length === 2, TIMEOUT * 3);
      expect(slow.received[1]!.at - hangingSince).toBeGreaterThanOrEqual(TIMEOUT - 50);
      await until('delivered', async () => (await attemptsOf(t, one.cookie, hanging.id)).length === 2);
      const [first, second] = await attemptsOf(t, one.cookie, hanging.id);
      expect(first).toMatchObject({
        attempt: 1,
        responseStatus: null,
        errorKind: 'timeout',
        error: 'The server did not answer in time.',
      });
      expect(first!.durationMs).toBeGreaterThanOrEqual(TIMEOUT - 50);
      expect(first!.durationMs).toBeLessThan(TIMEOUT + 1000);
      expect(second).toMatchObject({ attempt: 2, responseStatus: 200, errorKind: null });

      // Kept as long as their delivery: housekeeping's purge takes them with it.
      const attempts = () =>
        t.database.db
          .select()
          .from(webhookDeliveryAttempts)
          .where(eq(webhookDeliveryAttempts.tenantId, one.tenantId));
      expect(await attempts()).toHaveLength(2);
      expect(await t.database.system((tx) => purgeSettledDeliveries(tx, 0, 0, 100))).toBeGreaterThanOrEqual(
        2,
      );
      expect(await attempts()).toHaveLength(0);
    } finally {
      await slow.close();
      await prompt.close();
    }
  });

  it('records a refused connection and a failed TLS handshake as such', async () => {
    // A plain-HTTP server asked for TLS: the handshake fails, as with a broken certificate.
    const plain = await startReceiver();
    try {
      const admin = await createTenantWithUser(t, { isAdmin: true });
      const refused = await addWebhook(t, admin.cookie, await refusingUrl());
      const tls = await addWebhook(t, admin.cookie, plain.url.replace('http:', 'https:'));
      await call(t, { ...invitee('refused@example.com'), cookie: admin.cookie });
      for (const hook of [refused, tls])
        await until('an attempt', async () => (await attemptsOf(t, admin.cookie, hook.id)).length > 0);
      expect((await attemptsOf(t, admin.cookie, refused.id))[0]).toMatchObject({
        attempt: 1,
        responseStatus: null,
        errorKind: 'connection-refused',
        error: 'The connection was refused.',
      });
      const [handshake] = await attemptsOf(t, admin.cookie, tls.id);
      expect(handshake).toMatchObject({ attempt: 1, responseStatus: null, errorKind: 'tls' });
      expect(handshake!.error).toMatch(/^The TLS handshake failed\. \((EPROTO|ERR_SSL_\w+)\)$/);
    } finally {
      await plain.close();
    }
  });
});

describe('a tenant with many slow receivers', () => {
  // Three places in this process, two of them at most for one tenant.
  const t = useTestApp(async () =>
    openApp(
      await openTestDatabase(),
      { WEBHOOK_TIMEOUT_MS: String(TIMEOUT) },
      { schedule: { maxInFlight: 3, maxInFlightPerTenant: 2 } },
    ),
  );

  it("takes only its share of a process's places: another tenant is still served at once", async () => {
    const slow = await Promise.all([0, 1, 2].map(() => startReceiver({ holds: [TIMEOUT + 1000] })));
    const prompt = await startReceiver();
    try {
      const one = await createTenantWithUser(t, { isAdmin: true });
      const two = await createTenantWithUser(t, { isAdmin: true });
      for (const receiver of slow) await addWebhook(t, one.cookie, receiver.url);
      await addWebhook(t, two.cookie, prompt.url);

      await call(t, { ...invitee('many-slow@example.com'), cookie: one.cookie });
      await until(
        'two slow receivers hold a request',
        () => slow.filter((r) => r.received.length).length >= 2,
      );
      const hangingSince = Math.min(...slow.flatMap((r) => r.received.map((q) => q.at)));
      await call(t, { ...invitee('served@example.com'), cookie: two.cookie });
      await until('the other tenant’s delivery', () => prompt.received.length === 1);
      expect(prompt.received[0]!.at - hangingSince).toBeLessThan(TIMEOUT / 2);
      // The third slow endpoint waited for its tenant's share, not for the other tenant.
      expect(slow.filter((r) => r.received.length > 0)).toHaveLength(2);
    } finally {
      await Promise.all([...slow, prompt].map((r) => r.close()));
    }
  });
});
