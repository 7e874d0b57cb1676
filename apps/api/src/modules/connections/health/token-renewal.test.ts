import { describe, expect, it } from 'vitest';
import { createTenantWithUser, useOpened, useTestApp } from '../../../../test/app.js';
import { startSalesforceStandIn } from '../../../../test/salesforce-stand-in.js';
import { checkNow, connect, openHealthApp, tokensOf } from './health.test-helpers.js';

const MINUTE = 60_000;

/** Renewal with rotation against the stand-in, the product on the stand-in's clock. */
describe('connection token renewal', () => {
  const sf = useOpened(() => startSalesforceStandIn());
  const t = useTestApp(() => openHealthApp(sf));

  it('renews an expiring access token before it expires and stores the rotated refresh token sealed', async () => {
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const id = await connect(t, sf, u, 'rotating');
    // The first check renews the login's token (its expiry is unknown) and learns the real one.
    expect(await t.app.services.connectionHealth.runDue()).toBe(1);
    const first = await tokensOf(t, u.tenantId, id);
    expect(first.row.healthStatus).toBe('Healthy');
    // The stand-in's tokens live two hours, as introspection tells.
    const lifetime = first.row.accessTokenExpiresAt!.getTime() - sf.clock.now();
    expect(Math.abs(lifetime - 120 * MINUTE)).toBeLessThan(10_000);

    // An hour on, the token still has an hour: used as it is.
    sf.clock.advance({ hours: 1 });
    sf.resetCalls();
    expect((await checkNow(t, u, id)).health?.status).toBe('Healthy');
    expect(sf.calls.refreshGrant).toBe(0);

    // Four minutes before expiry it is renewed first, and the rotated refresh token replaces the old.
    sf.clock.advance({ minutes: 56 });
    expect((await checkNow(t, u, id)).health?.status).toBe('Healthy');
    expect(sf.calls.refreshGrant).toBe(1);
    const second = await tokensOf(t, u.tenantId, id);
    expect(second.row.refreshToken).toMatch(/^v2\./);
    expect(second.row.accessToken).toMatch(/^v2\./);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.row.tokenVersion).toBe(first.row.tokenVersion + 1);
    expect(sf.isActive(first.refreshToken)).toBe(false);
    expect(sf.isActive(second.refreshToken)).toBe(true);
    expect(second.row.accessTokenExpiresAt!.getTime()).toBeGreaterThan(sf.clock.now() + 60 * MINUTE);
    expect(second.row.renewalLeaseUntil).toBeNull();
  });

  it('renews once when Salesforce refuses an access token before its time (401)', async () => {
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const id = await connect(t, sf, u, 'refused-session');
    await t.app.services.connectionHealth.runDue();
    const before = await tokensOf(t, u.tenantId, id);
    sf.revokeToken(before.accessToken);
    sf.resetCalls();
    const checked = await checkNow(t, u, id);
    expect(checked.health).toMatchObject({ status: 'Healthy', reason: null });
    expect(sf.calls.refreshGrant).toBe(1);
    const after = await tokensOf(t, u.tenantId, id);
    expect(after.row.tokenVersion).toBe(before.row.tokenVersion + 1);
    expect(sf.isActive(after.accessToken)).toBe(true);
  });

  it('keeps an unused connection alive well inside the 30-day idle limit', async () => {
    // Long-lived access tokens: only the keep-alive refreshes the refresh token.
    const ttl = sf.settings.accessTokenTtlMs;
    sf.settings.accessTokenTtlMs = 40 * 24 * 60 * MINUTE;
    try {
      const u = await createTenantWithUser(t, { services: ['devOps'] });
      const id = await connect(t, sf, u, 'idle');
      await t.app.services.connectionHealth.runDue();
      const start = await tokensOf(t, u.tenantId, id);

      sf.clock.advance({ days: 25 });
      expect(await t.app.services.connectionHealth.runDue()).toBeGreaterThanOrEqual(1);
      const kept = await tokensOf(t, u.tenantId, id);
      expect(kept.row.healthStatus).toBe('Healthy');
      // Its access token had 15 days left: only the keep-alive renewed it.
      expect(kept.refreshToken).not.toBe(start.refreshToken);
      expect(kept.row.tokenVersion).toBe(start.row.tokenVersion + 1);
      expect(kept.row.tokenUsedAt!.getTime()).toBeGreaterThan(start.row.tokenUsedAt!.getTime());

      // Another 25 days: 50 since the login, 25 since the keep-alive; still good.
      sf.clock.advance({ days: 25 });
      await t.app.services.connectionHealth.runDue();
      const later = await tokensOf(t, u.tenantId, id);
      expect(later.row).toMatchObject({ healthStatus: 'Healthy', healthReason: null });
      expect(sf.isActive(later.refreshToken)).toBe(true);
    } finally {
      sf.settings.accessTokenTtlMs = ttl;
    }
  });
});
