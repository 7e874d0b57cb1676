import { WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT_TYPE, webhookEndpoints } from '@skyvault/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAdministratorsOnly } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, useTestApp } from '../../../test/app.js';
import { openTestDatabase } from '../../../test/database.js';
import { addWebhook, bodyOf, openApp } from './webhook-app.test-helpers.js';
import { refusingUrl, startReceiver, verifyStandardWebhook } from './webhook-receiver.test-helpers.js';

describe('Send test event', () => {
  // The queue sends nothing here (poll 0): what arrives is the test's own request, sent at once.
  const t = useTestApp(async () => openApp(await openTestDatabase(), { WEBHOOK_POLL_MS: '0' }));
  const api = apiCaller(t);
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
  });
  const receiver = async (answers: number[] = []) => {
    const started = await startReceiver({ answers });
    receivers.push(started);
    return started;
  };
  const sendTest = (cookie: string, id: string) =>
    call(t, { method: 'POST', url: `/api/v1/webhooks/${id}/test`, cookie });

  it('sends a signed webhook.test to the endpoint at once and answers its delivery, recorded and audited', async () => {
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const target = await receiver();
    // Subscribed to something else: a test goes to the endpoint asked, whatever it subscribes to.
    const created = await addWebhook(t, admin.cookie, target.url, ['user.deleted']);

    const res = await sendTest(admin.cookie, created.id);
    expect(res.statusCode, res.body).toBe(200);
    const delivery = res.json();
    expect(delivery).toMatchObject({
      eventType: WEBHOOK_TEST_EVENT_TYPE,
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(delivery.eventId).toMatch(/^msg_/);

    // Received once, before the answer, signed as every event is.
    expect(target.received).toHaveLength(1);
    const [request] = target.received;
    expect(verifyStandardWebhook(created.secret, request!)).toBe(true);
    expect(request!.headers['webhook-id']).toBe(delivery.eventId);
    expect(bodyOf(request!)).toMatchObject({ type: 'webhook.test', data: { webhook: { id: created.id } } });

    // In the delivery log with its attempt, and in the audit trail.
    const log = (
      await api.call(admin, webhookEndpoints.deliveries, { params: { id: created.id }, query: {} })
    ).result();
    expect(log.deliveries.map((d) => d.id)).toEqual([delivery.id]);
    const attempts = (
      await api.call(admin, webhookEndpoints.attempts, {
        params: { id: created.id, deliveryId: delivery.id },
      })
    ).result();
    expect(attempts.attempts).toMatchObject([{ attempt: 1, responseStatus: 200, errorKind: null }]);
    const audit = await call(t, {
      method: 'GET',
      url: `/api/v1/audit-events?action=send-test-event&resourceId=${created.id}`,
      cookie: admin.cookie,
    });
    expect(audit.json().events).toMatchObject([
      {
        action: 'send-test-event',
        actor: { id: admin.userId },
        resource: { type: 'webhook', id: created.id },
        changes: { eventId: { after: delivery.eventId }, eventType: { after: 'webhook.test' } },
      },
    ]);
  });

  it('answers the status of a receiver that refuses it, and the error when none answers; neither is retried', async () => {
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const failing = await receiver([503]);
    const refused = await addWebhook(t, admin.cookie, failing.url);
    const answered = await sendTest(admin.cookie, refused.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseStatus: 503,
      lastError: 'HTTP 503',
      nextAttemptAt: null,
    });

    const nobody = await addWebhook(t, admin.cookie, await refusingUrl());
    const unanswered = (await sendTest(admin.cookie, nobody.id)).json();
    expect(unanswered).toMatchObject({ status: 'failed', responseStatus: null });
    expect(unanswered.lastError).toMatch(/refused/i);
    const attempts = (
      await api.call(admin, webhookEndpoints.attempts, {
        params: { id: nobody.id, deliveryId: unanswered.id },
      })
    ).result();
    expect(attempts.attempts).toMatchObject([{ attempt: 1, errorKind: 'connection-refused' }]);

    // A test is a question: the endpoint's run of failures is left as it was.
    const endpoint = await call(t, {
      method: 'GET',
      url: `/api/v1/webhooks/${refused.id}`,
      cookie: admin.cookie,
    });
    expect(endpoint.json()).toMatchObject({ enabled: true, failingSince: null });
  });

  it('tests a disabled endpoint too, so it can be checked before it is enabled again', async () => {
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const target = await receiver();
    const created = await addWebhook(t, admin.cookie, target.url);
    await call(t, {
      method: 'PATCH',
      url: `/api/v1/webhooks/${created.id}`,
      cookie: admin.cookie,
      payload: { enabled: false },
    });
    const res = await sendTest(admin.cookie, created.id);
    expect(res.json()).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(target.received).toHaveLength(1);
  });

  it("is for administrators; another tenant's endpoint is not found and nothing is sent", async () => {
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const target = await receiver();
    const created = await addWebhook(t, admin.cookie, target.url);
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    await expectAdministratorsOnly(api, member, [['POST', `/api/v1/webhooks/${created.id}/test`, undefined]]);

    const other = await createTenantWithUser(t, { isAdmin: true });
    const res = await sendTest(other.cookie, created.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: WEBHOOK_MESSAGES.notFound });
    const badId = await sendTest(admin.cookie, 'not-an-id');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toHaveProperty('id');
    expect(target.received).toHaveLength(0);
  });
});
