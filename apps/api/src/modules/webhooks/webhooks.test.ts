import { WEBHOOK_MESSAGES } from '@skyvault/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { call, captureLog, createTenantWithUser, lastMailTo, outbox, useTestApp } from '../../../test/app.js';
import { openTestDatabase } from '../../../test/database.js';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema/index.js';
import { addWebhook, bodyOf, newUser, openApp } from './webhook-app.test-helpers.js';
import { startReceiver, until, verifyStandardWebhook } from './webhook-receiver.test-helpers.js';

/** What list and get show of a loopback receiver's URL. */
const masked = (url: string) => `${new URL(url).origin}/…`;

describe('webhook deliveries', () => {
  const log = captureLog();
  const t = useTestApp(async () => openApp(await openTestDatabase(), {}, { logStream: log.stream }));
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('sends a signed user.created within seconds of the change; the secret is shown once and never logged', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const created = await addWebhook(t, admin.cookie, receiver.url, ['user.created', 'user.disabled']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The create answer is the one that shows the whole URL.
    expect(created.url).toBe(receiver.url);

    const started = Date.now();
    const res = await call(t, { ...newUser('hooked@example.com'), cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(201);
    await until('the delivery', () => receiver.received.length === 1);
    expect(Date.now() - started).toBeLessThan(5000);

    const [request] = receiver.received;
    expect(verifyStandardWebhook(created.secret, request!)).toBe(true);
    expect(verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request!)).toBe(false);
    expect(verifyStandardWebhook(created.secret, { ...request!, body: `${request!.body} ` })).toBe(false);
    expect(request!.headers['webhook-id']).toMatch(/^msg_/);
    const body = bodyOf(request!);
    expect(body).toMatchObject({
      type: 'user.created',
      data: {
        user: { id: res.json().id, email: 'hooked@example.com' },
        actor: { type: 'user', id: admin.userId, name: admin.email },
      },
    });
    expect(request!.body).not.toContain('Correct-horse');
    // Not even named: no `password: "[secret]"` among the attributes.
    expect(request!.body).not.toContain('password');
    expect(request!.body).not.toContain('[secret]');

    // Listed and read without the secret and with the URL's path masked; the trail and the log never
    // hold either.
    const list = await call(t, { method: 'GET', url: '/api/v1/webhooks', cookie: admin.cookie });
    expect(list.json()).toMatchObject({
      total: 1,
      webhooks: [{ id: created.id, enabled: true, url: masked(receiver.url) }],
    });
    const one = await call(t, { method: 'GET', url: `/api/v1/webhooks/${created.id}`, cookie: admin.cookie });
    expect(one.json().url).toBe(masked(receiver.url));
    for (const answer of [list.body, one.body]) {
      expect(answer).not.toContain(created.secret);
      expect(answer).not.toContain('secret');
      expect(answer).not.toContain('/hook');
    }
    const audit = await call(t, {
      method: 'GET',
      url: '/api/v1/audit-events?limit=100',
      cookie: admin.cookie,
    });
    expect(audit.body).not.toContain(created.secret.slice(6));
    expect(audit.body).not.toContain('/hook');
    expect(log.text()).not.toContain(created.secret.slice(6));
    expect(log.text()).not.toContain('/hook');
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(row!.secret).not.toContain(created.secret.slice(6));
    // At rest: the whole URL, as the previous release reads it, and sealed beside it (webhook-url.test.ts).
    expect(row!.url).toBe(receiver.url);
    expect(row!.urlSealed).toMatch(/^v2\./);

    // The delivery log, once the answer is recorded (just after the receiver has it).
    const deliveryLog = () =>
      call(t, { method: 'GET', url: `/api/v1/webhooks/${created.id}/deliveries`, cookie: admin.cookie });
    await until('recorded', async () => (await deliveryLog()).json().deliveries[0]?.status === 'delivered');
    expect((await deliveryLog()).json()).toMatchObject({
      total: 1,
      deliveries: [{ eventType: 'user.created', status: 'delivered', attempts: 1, responseStatus: 200 }],
    });
  });

  it('retries a 500 with backoff and then delivers; a resend sends the same event id again', async () => {
    const receiver = await startReceiver({ answers: [500, 503] });
    receivers.push(receiver);
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const created = await addWebhook(t, admin.cookie, receiver.url);
    await call(t, { ...newUser('retried@example.com'), cookie: admin.cookie });
    await until('three attempts', () => receiver.received.length === 3);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // Backed off: the second wait is longer than nothing, each at least 80 % of its base delay.
    const gaps = receiver.received.slice(1).map((r, i) => r.at - receiver.received[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    for (const r of receiver.received) expect(verifyStandardWebhook(created.secret, r)).toBe(true);

    const url = `/api/v1/webhooks/${created.id}/deliveries`;
    await until('delivered', async () => {
      const res = await call(t, { method: 'GET', url, cookie: admin.cookie });
      return res.json().deliveries[0]?.status === 'delivered';
    });
    const [delivery] = (await call(t, { method: 'GET', url, cookie: admin.cookie })).json().deliveries;
    expect(delivery).toMatchObject({
      attempts: 3,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    // Each attempt is kept: the first one's 500 is still there to see.
    const attemptsUrl = `${url}/${delivery.id}/attempts`;
    const attempts = await call(t, { method: 'GET', url: attemptsUrl, cookie: admin.cookie });
    expect(attempts.statusCode, attempts.body).toBe(200);
    const listed = attempts.json().attempts as { attemptedAt: string; durationMs: number }[];
    expect(listed).toMatchObject([
      { attempt: 1, responseStatus: 500, errorKind: null, error: 'HTTP 500' },
      { attempt: 2, responseStatus: 503, errorKind: null, error: 'HTTP 503' },
      { attempt: 3, responseStatus: 200, errorKind: null, error: null },
    ]);
    for (const [i, a] of listed.entries()) {
      expect(a.durationMs).toBeGreaterThanOrEqual(0);
      if (i > 0) expect(Date.parse(a.attemptedAt)).toBeGreaterThan(Date.parse(listed[i - 1]!.attemptedAt));
    }
    // An administrator's only, of their own tenant's deliveries.
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    expect((await call(t, { method: 'GET', url: attemptsUrl, cookie: member.cookie })).statusCode).toBe(403);
    const stranger = await createTenantWithUser(t, { isAdmin: true });
    const foreign = await call(t, { method: 'GET', url: attemptsUrl, cookie: stranger.cookie });
    expect(foreign.statusCode).toBe(404);
    const unknown = await call(t, {
      method: 'GET',
      url: `${url}/${created.id}/attempts`,
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(WEBHOOK_MESSAGES.deliveryNotFound);

    const resent = await call(t, {
      method: 'POST',
      url: `${url}/${delivery.id}/resend`,
      cookie: admin.cookie,
    });
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toMatchObject({ eventId: delivery.eventId, status: 'pending', attempts: 0 });
    await until('the resend', () => receiver.received.length === 4);
    expect(receiver.received[3]!.headers['webhook-id']).toBe(delivery.eventId);
    expect(receiver.received[3]!.body).toBe(receiver.received[0]!.body);
  });

  it('tells about updates, disabling and network changes, each to its subscribers only', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const admin = await createTenantWithUser(t, { isAdmin: true });
    await addWebhook(t, admin.cookie, receiver.url, [
      'user.updated',
      'user.disabled',
      'user.deleted',
      'security.ip_range_changed',
    ]);
    const user = (await call(t, { ...newUser('changing@example.com'), cookie: admin.cookie })).json();
    const patch = (payload: object) =>
      call(t, { method: 'PATCH', url: `/api/v1/users/${user.id}`, cookie: admin.cookie, payload });
    expect((await patch({ firstName: 'Renamed' })).statusCode).toBe(200);
    expect((await patch({ status: 'Disabled' })).statusCode).toBe(200);
    const range = await call(t, {
      method: 'POST',
      url: '/api/v1/ip-ranges',
      cookie: admin.cookie,
      remoteAddress: '198.51.100.7',
      payload: { name: 'Office', startIPAddress: '198.51.100.0', endIPAddress: '198.51.100.255' },
    });
    expect(range.statusCode, range.body).toBe(201);
    await until('three events', () => receiver.received.length === 3);
    const bodies = receiver.received.map(bodyOf);
    // One endpoint receives in order, one at a time.
    expect(bodies.map((b) => b.type)).toEqual(['user.updated', 'user.disabled', 'security.ip_range_changed']);
    expect(bodies[0]!.data.changes).toEqual({ firstName: { before: 'Hook', after: 'Renamed' } });
    expect(bodies[2]!.data).toMatchObject({ action: 'create', ipRange: { name: 'Office' } });
  });
});

describe('webhook endpoints', () => {
  const t = useTestApp(async () => openApp(await openTestDatabase()));

  it('refuses plain http, private addresses (unless allowed) and a non-admin; 404 for another tenant', async () => {
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const create = (url: string) =>
      call(t, {
        method: 'POST',
        url: '/api/v1/webhooks',
        cookie: admin.cookie,
        payload: { url, events: ['user.created'] },
      });
    const plain = await create('http://example.com/hook');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().fields).toEqual({ url: WEBHOOK_MESSAGES.urlInvalid });
    const empty = await call(t, {
      method: 'POST',
      url: '/api/v1/webhooks',
      cookie: admin.cookie,
      payload: { url: 'https://example.com/hook', events: [] },
    });
    expect(empty.json().fields).toEqual({ events: WEBHOOK_MESSAGES.eventsRequired });

    const strict = await openApp(
      t.database,
      { OUTBOUND_PRIVATE_NETWORKS: 'false', WEBHOOK_POLL_MS: '0' },
      { keepDatabase: true },
    );
    try {
      for (const url of [
        'https://10.1.2.3/hook',
        'https://[::1]/hook',
        'http://127.0.0.1:8080/hook',
        'https://169.254.169.254/',
      ]) {
        const res = await call(strict, {
          method: 'POST',
          url: '/api/v1/webhooks',
          cookie: admin.cookie,
          payload: { url, events: ['user.created'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().fields, url).toEqual({ url: WEBHOOK_MESSAGES.urlNotAllowed });
      }
    } finally {
      await strict.close();
    }

    const created = await create('https://hooks.example.com/in');
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const denied = await call(t, { method: 'GET', url: '/api/v1/webhooks', cookie: member.cookie });
    expect(denied.statusCode).toBe(403);

    const other = await createTenantWithUser(t, { isAdmin: true });
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/webhooks/${id}` },
      { method: 'PATCH' as const, url: `/api/v1/webhooks/${id}`, payload: { enabled: false } },
      { method: 'DELETE' as const, url: `/api/v1/webhooks/${id}` },
      { method: 'GET' as const, url: `/api/v1/webhooks/${id}/deliveries` },
    ]) {
      const res = await call(t, { ...request, cookie: other.cookie });
      expect(res.statusCode, request.method).toBe(404);
    }

    const updated = await call(t, {
      method: 'PATCH',
      url: `/api/v1/webhooks/${id}`,
      cookie: admin.cookie,
      payload: { description: 'Our CRM', events: ['user.deleted', 'user.deleted'] },
    });
    expect(updated.json()).toMatchObject({
      description: 'Our CRM',
      events: ['user.deleted'],
      url: 'https://hooks.example.com/…',
    });
    // The masked URL sent back (a read, changed, written again) would replace the real one: refused.
    const echoed = await call(t, {
      method: 'PATCH',
      url: `/api/v1/webhooks/${id}`,
      cookie: admin.cookie,
      payload: { url: updated.json().url },
    });
    expect(echoed.statusCode).toBe(400);
    expect(echoed.json().fields).toEqual({ url: WEBHOOK_MESSAGES.urlMasked });
    const removed = await call(t, { method: 'DELETE', url: `/api/v1/webhooks/${id}`, cookie: admin.cookie });
    expect(removed.statusCode).toBe(204);
    expect(
      (await call(t, { method: 'GET', url: `/api/v1/webhooks/${id}`, cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });
});

describe('a restart between the commit and the send', () => {
  it('loses no delivery: the next process sends what the stopped one committed', async () => {
    const receiver = await startReceiver();
    const database = await openTestDatabase();
    const first = await openApp(database, { WEBHOOK_POLL_MS: '0' }, { keepDatabase: true });
    const admin = await createTenantWithUser(first, { isAdmin: true });
    const created = await addWebhook(first, admin.cookie, receiver.url);
    expect((await call(first, { ...newUser('restart@example.com'), cookie: admin.cookie })).statusCode).toBe(
      201,
    );
    await first.close();
    const [waiting] = await database.db.select().from(webhookDeliveries);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });

    const second = await openApp(database);
    try {
      await until('the delivery after the restart', () => receiver.received.length === 1);
      expect(verifyStandardWebhook(created.secret, receiver.received[0]!)).toBe(true);
      expect(receiver.received[0]!.headers['webhook-id']).toBe(waiting!.eventId);
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});

describe('an endpoint failing for 24 hours', () => {
  const t = useTestApp(async () => openApp(await openTestDatabase()));

  it('is disabled, its administrators are e-mailed once, and enabling it starts afresh', async () => {
    const receiver = await startReceiver({ answers: Array(50).fill(500) });
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const created = await addWebhook(t, admin.cookie, receiver.url);
    const endpoint = and(eq(webhookEndpoints.tenantId, admin.tenantId), eq(webhookEndpoints.id, created.id));
    await call(t, { ...newUser('failing-1@example.com'), cookie: admin.cookie });
    await until('a failure', async () => {
      const [row] = await t.database.db.select().from(webhookEndpoints).where(endpoint);
      return row!.failingSince !== null;
    });
    // The run of failures began a day ago (the clock is the database's).
    await t.database.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '24 hours 1 minute'` })
      .where(endpoint);
    await until('disabled', async () => {
      const [row] = await t.database.db.select().from(webhookEndpoints).where(endpoint);
      return !row!.enabled;
    });
    const mail = await lastMailTo(t, admin.email);
    expect(mail.subject).toBe('A Skyvault webhook endpoint was disabled');
    expect(mail.text).toContain(masked(receiver.url));
    expect(mail.text).not.toContain(receiver.url);
    const read = (
      await call(t, { method: 'GET', url: `/api/v1/webhooks/${created.id}`, cookie: admin.cookie })
    ).json();
    expect(read).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('24 hours') });

    // Disabled: nothing new is queued for it, nothing is sent.
    const before = receiver.received.length;
    await call(t, { ...newUser('failing-2@example.com'), cookie: admin.cookie });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.length).toBe(before);
    const queued = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, created.id));
    expect(queued).toHaveLength(1);
    const disabledMails = outbox(t).filter((m) => m.to === admin.email);
    expect(disabledMails.filter((m) => m.subject.includes('webhook'))).toHaveLength(1);

    receiver.answers.length = 0;
    const enabled = await call(t, {
      method: 'PATCH',
      url: `/api/v1/webhooks/${created.id}`,
      cookie: admin.cookie,
      payload: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await until('the waiting delivery', async () => {
      const [row] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, created.id));
      return row!.status === 'delivered';
    });
    await receiver.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one database', () => {
  it('keep one delivery in flight per endpoint, in order', async () => {
    const receiver = await startReceiver({ holdMs: 40 });
    const database = await openTestDatabase();
    const first = await openApp(database, {}, { keepDatabase: true });
    const second = await openApp(database, {}, { keepDatabase: true });
    try {
      const admin = await createTenantWithUser(first, { isAdmin: true });
      await addWebhook(first, admin.cookie, receiver.url);
      for (let i = 0; i < 6; i++)
        await call(i % 2 ? second : first, { ...newUser(`pair-${i}@example.com`), cookie: admin.cookie });
      await until('six deliveries', () => receiver.received.length === 6);
      expect(receiver.state.maxInFlight).toBe(1);
      expect(receiver.received.map((r) => bodyOf(r).data.user.email)).toEqual(
        Array.from({ length: 6 }, (_, i) => `pair-${i}@example.com`),
      );
      // One attempt each, recorded once whichever process settled it.
      await until('all recorded', async () => {
        const rows = await database.db.select().from(webhookDeliveries);
        return rows.every((row) => row.status === 'delivered');
      });
      const attempts = await database.db.select().from(webhookDeliveryAttempts);
      expect(attempts.map((a) => [a.attempt, a.responseStatus])).toEqual(Array(6).fill([1, 200]));
    } finally {
      await first.close();
      await second.close();
      await database.close();
      await receiver.close();
    }
  });
});
