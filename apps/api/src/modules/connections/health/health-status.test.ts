import { connectionEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../../test/api-caller.js';
import { createTenantWithUser, useOpened, useTestApp } from '../../../../test/app.js';
import { STAND_IN_USER, startSalesforceStandIn } from '../../../../test/salesforce-stand-in.js';
import {
  auditEvents,
  outboxMessages,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../db/schema/index.js';
import { checkNow, connect, openHealthApp, stored, tokensOf } from './health.test-helpers.js';

/** What each check finds, against the stand-in's failures, and what a change of state sets off. */
describe('connection health checks', () => {
  const sf = useOpened(() => startSalesforceStandIn());
  const t = useTestApp(() => openHealthApp(sf));
  const api = apiCaller(t);

  const mailsTo = async (address: string) =>
    (await t.database.system((tx) => tx.select().from(outboxMessages))).filter(
      (m) => m.recipient === address,
    );

  it('turns a revoked grant ReauthRequired, warning each person once and firing the webhook once', async () => {
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const other = await createTenantWithUser(t, { inTenant: u.tenantId });
    const plain = await createTenantWithUser(t, { inTenant: u.tenantId, isAdmin: false });
    await t.database.tenant(u.tenantId, (tx) =>
      tx.insert(webhookEndpoints).values({
        tenantId: u.tenantId,
        url: 'https://hooks.example.com/in',
        events: ['connection.token_invalid'],
        secret: 'unused',
      }),
    );
    const id = await connect(t, sf, u, 'revoked');
    expect((await checkNow(t, u, id)).health?.status).toBe('Healthy');

    sf.revokeToken((await tokensOf(t, u.tenantId, id)).refreshToken);
    const first = await checkNow(t, u, id);
    expect(first.health).toMatchObject({ status: 'ReauthRequired', reason: 'token_revoked_or_expired' });
    const second = await checkNow(t, u, id);
    expect(second.health).toMatchObject({ status: 'ReauthRequired', reason: 'token_revoked_or_expired' });
    expect(second.health!.changedAt).toBe(first.health!.changedAt);

    expect(await mailsTo(u.email)).toHaveLength(1);
    expect(await mailsTo(other.email)).toHaveLength(1);
    expect(await mailsTo(plain.email)).toHaveLength(0);
    const deliveries = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'connection.token_invalid')),
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.payload).toMatchObject({
      data: { connection: { id, name: 'revoked' }, reason: 'token_revoked_or_expired' },
    });
    const changes = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, id), eq(auditEvents.action, 'health-changed'))),
    );
    // Unknown → Healthy → ReauthRequired: one event per change, none for the repeated finding.
    expect(changes).toHaveLength(2);
  });

  it("tells why Salesforce refused the grant: the user, the org or the app's credentials", async () => {
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const gone = sf.addUser();
    const locked = sf.addUser();
    const app = sf.addUser();
    const ids = {
      gone: await connect(t, sf, u, 'user-gone', { as: gone }),
      locked: await connect(t, sf, u, 'org-locked', { as: locked }),
      app: await connect(t, sf, u, 'app-secret', { as: app }),
    };
    for (const id of Object.values(ids)) await checkNow(t, u, id);

    sf.deactivateUser(gone);
    expect((await checkNow(t, u, ids.gone)).health).toMatchObject({
      status: 'ReauthRequired',
      reason: 'user_inactive',
    });
    sf.setOrgActive(locked.orgId, false);
    expect((await checkNow(t, u, ids.locked)).health).toMatchObject({
      status: 'ReauthRequired',
      reason: 'org_inactive',
    });
    // A changed consumer secret shows once the access token is due for renewal.
    const secret = sf.clientSecret;
    sf.setClientSecret('rotated-by-the-operator');
    try {
      sf.clock.advance({ hours: 3 });
      expect((await checkNow(t, u, ids.app)).health).toMatchObject({
        status: 'ReauthRequired',
        reason: 'app_credentials_invalid',
      });
    } finally {
      sf.setClientSecret(secret);
    }
  });

  it('marks a Salesforce outage Degraded without asking for a login, keeps the tokens, then recovers', async () => {
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const id = await connect(t, sf, u, 'outage');
    await checkNow(t, u, id);
    const before = await tokensOf(t, u.tenantId, id);
    sf.faults.add({ on: 'limits', status: 503 });
    const degraded = await checkNow(t, u, id);
    expect(degraded.health).toMatchObject({ status: 'Degraded', reason: 'salesforce_unavailable' });
    const row = await tokensOf(t, u.tenantId, id);
    expect(row.refreshToken).toBe(before.refreshToken);
    expect(row.row.checkFailures).toBe(1);
    // Retried within minutes, not the hour.
    expect(row.row.nextCheckAt!.getTime() - sf.clock.now()).toBeLessThan(2 * 60_000);
    expect(await mailsTo(u.email)).toHaveLength(0);

    sf.faults.add({ on: 'token', status: 500 });
    sf.clock.advance({ hours: 3 });
    expect((await checkNow(t, u, id)).health?.status).toBe('Degraded');
    expect((await tokensOf(t, u.tenantId, id)).refreshToken).toBe(before.refreshToken);

    const recovered = await checkNow(t, u, id);
    expect(recovered.health).toMatchObject({ status: 'Healthy', reason: null });
    expect((await stored(t, u.tenantId, id)).checkFailures).toBe(0);
  });

  it('tells a low API budget, and a user without View Setup, with the usage the header gave', async () => {
    const user = sf.addUser();
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const id = await connect(t, sf, u, 'budget', { as: user });
    sf.setApiUsage(user.orgId, { max: 10_000, remaining: 500 });
    const low = await checkNow(t, u, id);
    expect(low.health).toMatchObject({ status: 'ApiLimitLow', reason: 'api_limit_low' });
    expect(await stored(t, u.tenantId, id)).toMatchObject({ apiMax: 10_000 });
    expect((await stored(t, u.tenantId, id)).apiUsed).toBeGreaterThanOrEqual(9_500);

    sf.setApiUsage(user.orgId, { max: 10_000, used: 100 });
    sf.setViewSetup(user, false);
    const missing = await checkNow(t, u, id);
    expect(missing.health).toMatchObject({ status: 'MissingPermission', reason: 'view_setup_missing' });
    const row = await stored(t, u.tenantId, id);
    expect(row.apiMax).toBe(10_000);
    expect(row.apiUsed).toBeGreaterThan(100);
    expect(row.apiUsed).toBeLessThan(120);
  });

  it("tells a refreshed sandbox's new org id as OrgChanged, leaving the tenant's other connection alone", async () => {
    const sandbox = sf.addUser({ sandbox: true });
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const box = await connect(t, sf, u, 'uat', { as: sandbox, type: 'Sandbox' });
    const prod = await connect(t, sf, u, 'prod', { as: STAND_IN_USER });
    await checkNow(t, u, box);
    await checkNow(t, u, prod);
    expect((await stored(t, u.tenantId, box)).isSandbox).toBe(true);

    const newId = sf.refreshSandbox(sandbox.orgId);
    const changed = await checkNow(t, u, box);
    expect(changed.health).toMatchObject({ status: 'OrgChanged', reason: 'org_id_changed' });
    expect(changed.org).toMatchObject({ orgId: sandbox.orgId, observedOrgId: newId, isSandbox: true });
    expect((await checkNow(t, u, prod)).health?.status).toBe('Healthy');
    expect(await mailsTo(u.email)).toHaveLength(1);
    // A sandbox refresh is expected: no security event (that is for Production).
    const security = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'org-changed')),
    );
    expect(security).toHaveLength(0);

    // A Production org does not change its id: the same finding there is also a security event.
    const owner = sf.addUser();
    const pinned = await connect(t, sf, u, 'pinned-prod', { as: owner });
    await checkNow(t, u, pinned);
    const otherId = sf.refreshSandbox(owner.orgId);
    expect((await checkNow(t, u, pinned)).org.observedOrgId).toBe(otherId);
    const [event] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'org-changed')),
    );
    expect(event).toMatchObject({ targetId: pinned, outcome: 'failure' });
  });

  it('marks exactly the connection a sixth login of one Salesforce user evicted', async () => {
    const person = sf.addUser();
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const ids: string[] = [];
    for (let i = 1; i <= 6; i++) ids.push(await connect(t, sf, u, `approval-${i}`, { as: person }));
    expect(sf.evicted).toHaveLength(1);
    await t.app.services.connectionHealth.runDue();
    const found = await Promise.all(
      ids.map(async (id) => (await api.call(u, connectionEndpoints.get, { params: { id } })).result().health),
    );
    expect(found[0]).toMatchObject({ status: 'ReauthRequired', reason: 'approval_limit_evicted' });
    for (const health of found.slice(1)) expect(health).toMatchObject({ status: 'Healthy' });
    // Checked again: the same finding, no second warning.
    const again = await checkNow(t, u, ids[0]!);
    expect(again.health).toMatchObject({ status: 'ReauthRequired', reason: 'approval_limit_evicted' });
    expect(await mailsTo(u.email)).toHaveLength(1);
  });
});
