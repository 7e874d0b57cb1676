import { API_TOKEN_MESSAGES } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTenantWithUser, useTestApp } from '../../../test/app.js';
import { openTestDatabase } from '../../../test/database.js';
import { auditEvents, webhookEndpoints } from '../../db/schema/index.js';
import { createApiToken, withToken } from '../api-tokens/api-tokens.test-helpers.js';
import { addWebhook, invitee, openApp } from './webhook-app.test-helpers.js';
import {
  type Received,
  startReceiver,
  until,
  verifyStandardWebhook,
} from './webhook-receiver.test-helpers.js';

const HOUR = 60 * 60 * 1000;
const entries = (request: Received) => String(request.headers['webhook-signature']).split(' ');

describe("rotating an endpoint's signing secret", () => {
  // The clock that ends a rotation's 24 hours, moved by the test.
  let offset = 0;
  const clock = () => Date.now() + offset;
  const t = useTestApp(async () => openApp(await openTestDatabase(), {}, { clock }));

  it('signs with the old and the new secret for 24 hours, then with the new one only', async () => {
    const receiver = await startReceiver();
    try {
      const admin = await createTenantWithUser(t, { isAdmin: true });
      const created = await addWebhook(t, admin.cookie, receiver.url);
      const rotateUrl = `/api/v1/webhooks/${created.id}/rotate-secret`;
      const rotated = await call(t, { method: 'POST', url: rotateUrl, cookie: admin.cookie });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const { secret, previousSecretExpiresAt } = rotated.json();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(secret).not.toBe(created.secret);
      expect(Date.parse(previousSecretExpiresAt) - clock()).toBeGreaterThan(24 * HOUR - 60_000);
      expect(Date.parse(previousSecretExpiresAt) - clock()).toBeLessThanOrEqual(24 * HOUR);
      expect(rotated.json().url).toBe(`${new URL(receiver.url).origin}/…`);

      // Within the 24 hours: both signatures; a receiver on either secret accepts.
      await call(t, { ...invitee('within@example.com'), cookie: admin.cookie });
      await until('the first delivery', () => receiver.received.length === 1);
      const within = receiver.received[0]!;
      expect(entries(within)).toHaveLength(2);
      expect(entries(within).every((entry) => entry.startsWith('v1,'))).toBe(true);
      expect(verifyStandardWebhook(created.secret, within)).toBe(true);
      expect(verifyStandardWebhook(secret, within)).toBe(true);
      const read = await call(t, {
        method: 'GET',
        url: `/api/v1/webhooks/${created.id}`,
        cookie: admin.cookie,
      });
      expect(read.json().previousSecretExpiresAt).toBe(previousSecretExpiresAt);
      expect(read.body).not.toContain(secret.slice(6));

      // 24 hours later: the new secret alone.
      offset = 24 * HOUR + 1000;
      await call(t, { ...invitee('after@example.com'), cookie: admin.cookie });
      await until('the second delivery', () => receiver.received.length === 2);
      const after = receiver.received[1]!;
      expect(entries(after)).toHaveLength(1);
      expect(verifyStandardWebhook(secret, after)).toBe(true);
      expect(verifyStandardWebhook(created.secret, after)).toBe(false);
      const later = await call(t, {
        method: 'GET',
        url: `/api/v1/webhooks/${created.id}`,
        cookie: admin.cookie,
      });
      expect(later.json().previousSecretExpiresAt).toBeNull();

      // Audited, without either secret.
      const events = await t.database.tenant(admin.tenantId, (tx) =>
        tx
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.targetId, created.id), eq(auditEvents.action, 'rotate-secret'))),
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.changes).toMatchObject({ secret: { before: '[secret]', after: '[secret]' } });
      const text = JSON.stringify(events);
      for (const value of [secret, created.secret]) expect(text).not.toContain(value.slice(6));
    } finally {
      offset = 0;
      await receiver.close();
    }
  });

  it("is a signed-in administrator's: refused to an API token, a member and another tenant", async () => {
    const admin = await createTenantWithUser(t, { isAdmin: true });
    const created = await addWebhook(t, admin.cookie, 'https://hooks.example.com/rotate');
    const url = `/api/v1/webhooks/${created.id}/rotate-secret`;
    const { token } = await createApiToken(t, admin, { scope: 'admin' });
    const byToken = await withToken(t, token, { method: 'POST', url });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().message).toBe(API_TOKEN_MESSAGES.sessionOnly);
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    expect((await call(t, { method: 'POST', url, cookie: member.cookie })).statusCode).toBe(403);
    const stranger = await createTenantWithUser(t, { isAdmin: true });
    expect((await call(t, { method: 'POST', url, cookie: stranger.cookie })).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(row!.previousSecret).toBeNull();
  });
});
