import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTenantWithUser, createTestApp, useTestApp } from '../../../test/app.js';
import { licenses, webhookDeliveries } from '../../db/schema/index.js';
import { sendLicenseReminders } from './license-reminders.js';

describe('licence reminders', () => {
  // This process sends nothing: the test reads what is queued.
  const t = useTestApp(() => createTestApp({ WEBHOOK_POLL_MS: '0' }));

  it('queues license.expiring at 14, 7 and 1 day and license.expired at the end, each once', async () => {
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const hook = await call(t, {
      method: 'POST',
      url: '/api/v1/webhooks',
      cookie: admin.cookie,
      payload: { url: 'https://hooks.example.com/licences', events: ['license.expiring', 'license.expired'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const [licence] = await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .insert(licenses)
        .values({
          tenantId: admin.tenantId,
          product: 'Dbr',
          edition: 'Enterprise',
          endsAt: sql`now() + interval '20 days'`,
        })
        .returning(),
    );
    const endsIn = (interval: string) =>
      t.database.db
        .update(licenses)
        .set({ endsAt: sql`date_trunc('second', now()) + ${interval}::interval` })
        .where(eq(licenses.id, licence!.id));
    const queued = async () =>
      (
        await t.database.db
          .select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.tenantId, admin.tenantId)))
          .orderBy(webhookDeliveries.createdAt)
      ).map((d) => ({ type: d.type, daysLeft: (d.payload.data as { daysLeft: number }).daysLeft }));

    await sendLicenseReminders(t.database);
    expect(await queued()).toEqual([]);
    await endsIn('13 days 12 hours');
    await sendLicenseReminders(t.database);
    await sendLicenseReminders(t.database);
    expect(await queued()).toEqual([{ type: 'license.expiring', daysLeft: 14 }]);
    // A week later (the end 7 days nearer): the 7-day reminder, once.
    const end = sql`(SELECT ends_at FROM licenses WHERE id = ${licence!.id})`;
    await t.database.db
      .update(licenses)
      .set({ endsAt: sql`${end} - interval '7 days'` })
      .where(eq(licenses.id, licence!.id));
    await sendLicenseReminders(t.database);
    await endsIn('12 hours');
    await sendLicenseReminders(t.database);
    await sendLicenseReminders(t.database);
    await endsIn('-1 minute');
    await sendLicenseReminders(t.database);
    await sendLicenseReminders(t.database);
    expect((await queued()).map((q) => `${q.type}:${q.daysLeft}`)).toEqual([
      'license.expiring:14',
      'license.expiring:7',
      'license.expiring:1',
      'license.expired:0',
    ]);
  });
});
