import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTenantWithUser, useTestApp } from '../../../test/app.js';
import { openTestDatabase } from '../../../test/database.js';
import { webhookDeliveries, webhookDeliveryAttempts } from '../../db/schema/index.js';
import { addWebhook, bodyOf, invitee, openApp } from './webhook-app.test-helpers.js';
import { startReceiver } from './webhook-receiver.test-helpers.js';

/**
 * An endpoint with a queue is sent a run of deliveries per claim (deliveriesPerClaim), one after
 * another and in order; a failure ends the run, and what it did not send waits for the retry behind it.
 * This process sends only when told (WEBHOOK_POLL_MS=0, dispatchOnce).
 */
describe('an endpoint with a queue', () => {
  const t = useTestApp(async () =>
    openApp(
      await openTestDatabase(),
      { WEBHOOK_POLL_MS: '0' },
      // A retry a second later (±20 %): well after the checks that it is not due yet.
      { schedule: { deliveriesPerClaim: 5, firstDelayMs: 1000, maxDelayMs: 1000 } },
    ),
  );

  const queue = async (cookie: string, prefix: string, count: number) => {
    for (let i = 0; i < count; i++) {
      const res = await call(t, { ...invitee(`${prefix}-${i}@example.com`), cookie });
      expect(res.statusCode, res.body).toBe(201);
    }
  };
  const deliveriesOf = (endpointId: string) =>
    t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  const emails = (received: { body: string }[]) =>
    received.map((r) => bodyOf(r as never).data.user.email.split('@')[0]);

  it('goes out a run per claim, one delivery at a time and in order, each recorded as an attempt', async () => {
    const receiver = await startReceiver({ holdMs: 5 });
    try {
      const admin = await createTenantWithUser(t, { isAdmin: true });
      const hook = await addWebhook(t, admin.cookie, receiver.url);
      await queue(admin.cookie, 'run', 7);

      expect(await t.app.services.webhookDispatcher.dispatchOnce()).toBe(1);
      expect(emails(receiver.received)).toEqual(['run-0', 'run-1', 'run-2', 'run-3', 'run-4']);
      expect(receiver.state.maxInFlight).toBe(1);
      const after = await deliveriesOf(hook.id);
      expect(after.map((d) => [d.status, d.attempts])).toEqual([
        ...Array(5).fill(['delivered', 1]),
        ['pending', 0],
        ['pending', 0],
      ]);
      const attempts = await t.database.db
        .select()
        .from(webhookDeliveryAttempts)
        .orderBy(asc(webhookDeliveryAttempts.attemptedAt));
      expect(attempts.map((a) => after.findIndex((d) => d.id === a.deliveryId))).toEqual([0, 1, 2, 3, 4]);
      // Each attempt at its own time, as the delivery's last attempt says.
      for (const attempt of attempts) {
        const delivery = after.find((d) => d.id === attempt.deliveryId)!;
        expect(delivery.lastAttemptAt).toEqual(attempt.attemptedAt);
      }

      expect(await t.app.services.webhookDispatcher.dispatchOnce()).toBe(1);
      expect(emails(receiver.received)).toEqual(Array.from({ length: 7 }, (_, i) => `run-${i}`));
    } finally {
      await receiver.close();
    }
  });

  it('ends a run at its first failure; the deliveries after it are handed back unattempted and follow its retry', async () => {
    const receiver = await startReceiver({ answers: [200, 500] });
    try {
      const admin = await createTenantWithUser(t, { isAdmin: true });
      const hook = await addWebhook(t, admin.cookie, receiver.url);
      await queue(admin.cookie, 'failing', 4);

      await t.app.services.webhookDispatcher.dispatchOnce();
      expect(emails(receiver.received)).toEqual(['failing-0', 'failing-1']);
      const after = await deliveriesOf(hook.id);
      expect(after.map((d) => [d.status, d.attempts, d.responseStatus])).toEqual([
        ['delivered', 1, 200],
        ['pending', 1, 500],
        ['pending', 0, null],
        ['pending', 0, null],
      ]);
      expect(after[1]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Not due before the failed one's retry: nothing goes out of order.
      expect(await t.app.services.webhookDispatcher.dispatchOnce()).toBe(0);

      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(await t.app.services.webhookDispatcher.dispatchOnce()).toBe(1);
      expect(emails(receiver.received)).toEqual([
        'failing-0',
        'failing-1',
        'failing-1',
        'failing-2',
        'failing-3',
      ]);
      expect((await deliveriesOf(hook.id)).map((d) => [d.status, d.attempts])).toEqual([
        ['delivered', 1],
        ['delivered', 2],
        ['delivered', 1],
        ['delivered', 1],
      ]);
    } finally {
      await receiver.close();
    }
  });
});
