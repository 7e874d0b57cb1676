import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  call,
  captureLog,
  createTenantWithUser,
  lastMailTo,
  type TestApp,
  useTestApp,
} from '../../../test/app.js';
import { openTestDatabase } from '../../../test/database.js';
import { auditEvents, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { maskWebhookUrl, sealedWebhookUrl } from '../../platform/webhook-outbox/index.js';
import { addWebhook, invitee, openApp } from './webhook-app.test-helpers.js';
import { startReceiver, until } from './webhook-receiver.test-helpers.js';

describe('a masked webhook URL', () => {
  it('keeps the scheme and host (with the port) and hides whatever follows, once', () => {
    const cases = [
      ['https://hooks.slack.com/services/T000/B000/XXXXSECRET', 'https://hooks.slack.com/…'],
      ['https://hooks.example.com:8443/in?token=abc#x', 'https://hooks.example.com:8443/…'],
      ['https://user:pass@hooks.example.com/', 'https://hooks.example.com/…'],
      ['https://hooks.example.com/?token=abc', 'https://hooks.example.com/…'],
      ['https://hooks.example.com', 'https://hooks.example.com/'],
      ['https://hooks.example.com/', 'https://hooks.example.com/'],
    ];
    for (const [url, masked] of cases) {
      expect(maskWebhookUrl(url!), url).toBe(masked);
      expect(maskWebhookUrl(masked!), masked).toBe(masked);
    }
  });
});

const masked = (url: string) => `${new URL(url).origin}/…`;

const whereEndpoint = (tenantId: string, id: string) =>
  and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id));

const endpointRow = (t: TestApp, tenantId: string, id: string) =>
  t.database.db
    .select()
    .from(webhookEndpoints)
    .where(whereEndpoint(tenantId, id))
    .then(([row]) => row!);

/** Writes the row's URL columns as another release would have left them. */
const storeAs = (t: TestApp, tenantId: string, id: string, values: { url: string; urlSealed?: null }) =>
  t.database.db.update(webhookEndpoints).set(values).where(whereEndpoint(tenantId, id));

/** Waits until every delivery of the endpoint has been settled (the dispatcher's writes are done). */
const allDelivered = (t: TestApp, id: string) =>
  until('recorded', async () => {
    const rows = await t.database.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id));
    return rows.length > 0 && rows.every((row) => row.status === 'delivered');
  });

describe('a webhook URL at rest (expand: written whole and sealed, read either way)', () => {
  const log = captureLog();
  const t = useTestApp(async () => openApp(await openTestDatabase(), {}, { logStream: log.stream }));

  it('is stored whole in `url`, which the previous release reads, and sealed to the same URL', async () => {
    const first = await startReceiver();
    const second = await startReceiver();
    try {
      const admin = await createTenantWithUser(t, { isAdmin: true });
      const created = `${first.url}?token=abc`;
      const hook = await addWebhook(t, admin.cookie, created);
      const open = (sealed: string | null) =>
        t.app.services.secrets.open(sealedWebhookUrl(admin.tenantId, hook.id), sealed!);
      let row = await endpointRow(t, admin.tenantId, hook.id);
      expect(row.url).toBe(created);
      expect(open(row.urlSealed)).toBe(created);

      // Another field alone keeps both; a new URL is typed whole and written both ways again.
      const url = `/api/v1/webhooks/${hook.id}`;
      await call(t, { method: 'PATCH', url, cookie: admin.cookie, payload: { description: 'CRM' } });
      row = await endpointRow(t, admin.tenantId, hook.id);
      expect([row.url, open(row.urlSealed)]).toEqual([created, created]);
      const moved = `${second.url}?token=def`;
      const res = await call(t, { method: 'PATCH', url, cookie: admin.cookie, payload: { url: moved } });
      expect(res.statusCode, res.body).toBe(200);
      row = await endpointRow(t, admin.tenantId, hook.id);
      expect([row.url, open(row.urlSealed)]).toEqual([moved, moved]);

      await call(t, { ...invitee('moved@example.com'), cookie: admin.cookie });
      await until('the delivery to the new URL', () => second.received.length === 1);
      expect(second.received[0]!.path).toBe('/hook?token=def');
      expect(first.received).toHaveLength(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('is answered, audited, logged and e-mailed masked only', async () => {
    const receiver = await startReceiver({ answers: Array(50).fill(500) });
    try {
      const admin = await createTenantWithUser(t, { isAdmin: true });
      const hook = await addWebhook(t, admin.cookie, `${receiver.url}?token=abc`);
      // The create answer alone is whole: its author just typed it.
      expect(hook.url).toBe(`${receiver.url}?token=abc`);
      const url = `/api/v1/webhooks/${hook.id}`;
      const changed = await call(t, {
        method: 'PATCH',
        url,
        cookie: admin.cookie,
        payload: { url: `${receiver.url}?token=def` },
      });
      expect(changed.json().url).toBe(masked(receiver.url));
      const list = await call(t, { method: 'GET', url: '/api/v1/webhooks', cookie: admin.cookie });
      const one = await call(t, { method: 'GET', url, cookie: admin.cookie });
      expect(list.json().webhooks).toMatchObject([{ id: hook.id, url: masked(receiver.url) }]);
      expect(one.json().url).toBe(masked(receiver.url));

      const events = await t.database.tenant(admin.tenantId, (tx) =>
        tx.select().from(auditEvents).where(eq(auditEvents.targetId, hook.id)),
      );
      expect(events.map((event) => event.targetName)).toEqual([masked(receiver.url), masked(receiver.url)]);
      // Only the hidden part changed: the trail says so without saying what it was.
      expect(events.map((event) => event.changes)).toContainEqual({
        urlSecret: { before: '[secret]', after: '[secret]' },
      });

      // Failing for a day: disabled, and its administrators are told which endpoint, masked.
      await call(t, { ...invitee('failing@example.com'), cookie: admin.cookie });
      await until(
        'a failure',
        async () => (await endpointRow(t, admin.tenantId, hook.id)).failingSince !== null,
      );
      await t.database.db
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '24 hours 1 minute'` })
        .where(whereEndpoint(admin.tenantId, hook.id));
      await until('disabled', async () => !(await endpointRow(t, admin.tenantId, hook.id)).enabled);
      const mail = await lastMailTo(t, admin.email);
      expect(mail.subject).toBe('A Skyvault webhook endpoint was disabled');
      expect(mail.text).toContain(masked(receiver.url));

      for (const [what, text] of [
        ['answers', list.body + one.body + changed.body],
        ['audit trail', JSON.stringify(events)],
        ['e-mail', mail.text + mail.html],
        ['log', log.text()],
      ]) {
        expect(text, what).not.toContain('token=');
        expect(text, what).not.toContain('/hook');
      }
    } finally {
      await receiver.close();
    }
  });

  it('written by the previous release (`url` alone) is delivered to as it says and left as it is', async () => {
    const old = await startReceiver();
    try {
      const admin = await createTenantWithUser(t, { isAdmin: true });
      const hook = await addWebhook(t, admin.cookie, 'https://hooks.example.com/placeholder');
      const plain = `${old.url}?token=abc`;
      await storeAs(t, admin.tenantId, hook.id, { url: plain, urlSealed: null });
      const shown = await call(t, {
        method: 'GET',
        url: `/api/v1/webhooks/${hook.id}`,
        cookie: admin.cookie,
      });
      expect(shown.json().url).toBe(masked(old.url));

      await call(t, { ...invitee('plain@example.com'), cookie: admin.cookie });
      await until('the delivery', () => old.received.length === 1);
      expect(old.received[0]!.path).toBe('/hook?token=abc');
      await allDelivered(t, hook.id);
      // Read as it is: no process rewrites it (a change of form is a migration's, of the next release).
      expect(await endpointRow(t, admin.tenantId, hook.id)).toMatchObject({ url: plain, urlSealed: null });
      const another = await openApp(t.database, {}, { keepDatabase: true });
      await another.close();
      expect(await endpointRow(t, admin.tenantId, hook.id)).toMatchObject({ url: plain, urlSealed: null });
    } finally {
      await old.close();
    }
  });

  it('changed by the previous release after this one sealed it is delivered to the new URL', async () => {
    const before = await startReceiver();
    const edited = await startReceiver();
    try {
      const admin = await createTenantWithUser(t, { isAdmin: true });
      const hook = await addWebhook(t, admin.cookie, `${before.url}?token=abc`);
      const { urlSealed } = await endpointRow(t, admin.tenantId, hook.id);
      // An edit by a process of the previous release (rolling upgrade, rollback): `url` alone changes.
      await storeAs(t, admin.tenantId, hook.id, { url: `${edited.url}?token=new` });

      await call(t, { ...invitee('edited@example.com'), cookie: admin.cookie });
      await until('the delivery', () => edited.received.length === 1);
      expect(edited.received[0]!.path).toBe('/hook?token=new');
      expect(before.received).toHaveLength(0);
      await allDelivered(t, hook.id);
      expect(await endpointRow(t, admin.tenantId, hook.id)).toMatchObject({
        url: `${edited.url}?token=new`,
        urlSealed,
      });
    } finally {
      await before.close();
      await edited.close();
    }
  });

  it('in the next release’s form (the mask alone in `url`) is delivered to the sealed URL', async () => {
    const receiver = await startReceiver();
    try {
      const admin = await createTenantWithUser(t, { isAdmin: true });
      const hook = await addWebhook(t, admin.cookie, `${receiver.url}?token=abc`);
      await storeAs(t, admin.tenantId, hook.id, { url: masked(receiver.url) });

      await call(t, { ...invitee('contracted@example.com'), cookie: admin.cookie });
      await until('the delivery', () => receiver.received.length === 1);
      expect(receiver.received[0]!.path).toBe('/hook?token=abc');
    } finally {
      await receiver.close();
    }
  });
});
