import { connectionEndpoints, connectionHealthEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../../test/api-caller.js';
import { createTenantWithUser, useOpened, useTestApp } from '../../../../test/app.js';
import { startSalesforceStandIn } from '../../../../test/salesforce-stand-in.js';
import { connect, openHealthApp } from './health.test-helpers.js';
import { deleteOldChecks } from './retention.js';

const DAY = 24 * 3_600_000;

/** The connection page's reads and Check now: the tenant's own connections, for administrators only. */
describe('connection health endpoints', () => {
  const sf = useOpened(() => startSalesforceStandIn());
  const t = useTestApp(() => openHealthApp(sf));
  const api = apiCaller(t);

  it("answers another tenant's connection as not found and refuses non-administrators", async () => {
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const stranger = await createTenantWithUser(t, { services: ['devOps'] });
    const plain = await createTenantWithUser(t, { inTenant: u.tenantId, isAdmin: false });
    const id = await connect(t, sf, u, 'private');
    const byId = [connectionEndpoints.get, connectionEndpoints.check, connectionHealthEndpoints.history];
    sf.resetCalls();
    for (const endpoint of byId) {
      expect((await api.call(stranger, endpoint, { params: { id } })).statusCode).toBe(404);
      expect((await api.call(plain, endpoint, { params: { id } })).statusCode).toBe(403);
    }
    // Check now of another tenant's connection reached no Salesforce.
    expect(sf.calls.userinfo + sf.calls.token).toBe(0);
    expect((await api.call(plain, connectionHealthEndpoints.unhealthy)).statusCode).toBe(403);
    expect((await api.call(stranger, connectionHealthEndpoints.unhealthy)).result()).toEqual({
      rows: [],
      count: 0,
    });
  });

  it('answers the connection with its org, its checks newest first and a usage sample per day', async () => {
    const user = sf.addUser();
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const id = await connect(t, sf, u, 'history', { as: user });
    // The scheduler's first check of a new grant is the login's.
    await t.app.services.connectionHealth.runDue();
    for (let day = 0; day < 3; day++) {
      // Two checks a day: the day's sample is its last one.
      sf.setApiUsage(user.orgId, { max: 15_000, used: 1000 * (day + 1) });
      await api.call(u, connectionEndpoints.check, { params: { id } });
      sf.setApiUsage(user.orgId, { max: 15_000, used: 1000 * (day + 1) + 500 });
      await api.call(u, connectionEndpoints.check, { params: { id } });
      sf.clock.advance({ days: 1 });
    }
    const detail = (await api.call(u, connectionEndpoints.get, { params: { id } })).result();
    expect(detail).toMatchObject({
      id,
      name: 'history',
      status: 'connected',
      health: { status: 'Healthy', reason: null },
      // A tenant without Backup keeps no storage for its connections.
      storageId: null,
      org: {
        orgId: user.orgId,
        instanceUrl: sf.url,
        isSandbox: false,
        observedOrgId: null,
        earlierOrgIds: [],
      },
    });
    expect(detail.org.apiVersion).toMatch(/^\d+\.\d$/);

    const history = (await api.call(u, connectionHealthEndpoints.history, { params: { id } })).result();
    expect(history.checks).toHaveLength(7);
    expect(history.checks.at(-1)).toMatchObject({ trigger: 'login', status: 'Healthy' });
    const times = history.checks.map((c) => c.checkedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(history.checks[0]).toMatchObject({ trigger: 'manual', status: 'Healthy', orgId: user.orgId });
    expect(history.usage).toHaveLength(3);
    expect(history.usage.map((s) => s.day)).toEqual([...history.usage.map((s) => s.day)].sort());
    // The limits call itself counts: the last check of each day saw its 500 more, plus one.
    expect(history.usage.map((s) => s.used)).toEqual([1501, 2501, 3501]);
    expect(history.usage.every((s) => s.max === 15_000)).toBe(true);

    // The retention keeps 35 days of checks (the oldest here is three days old).
    expect(await deleteOldChecks(t.database, sf.clock.now() + 31 * DAY)).toBe(0);
    expect(await deleteOldChecks(t.database, sf.clock.now() + 40 * DAY)).toBeGreaterThanOrEqual(6);
    const emptied = (await api.call(u, connectionHealthEndpoints.history, { params: { id } })).result();
    expect(emptied.checks).toEqual([]);
  });

  it('lists the unhealthy connections by name for the banner', async () => {
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const names = ['delta', 'alpha', 'echo', 'charlie', 'bravo', 'foxtrot', 'golf'];
    const users = names.map(() => sf.addUser());
    const ids = [];
    for (const [i, name] of names.entries()) ids.push(await connect(t, sf, u, name, { as: users[i] }));
    const healthy = await connect(t, sf, u, 'aaa-healthy', { as: sf.addUser() });
    for (const person of users) sf.setViewSetup(person, false);
    await t.app.services.connectionHealth.runDue();
    const banner = (await api.call(u, connectionHealthEndpoints.unhealthy)).result();
    expect(banner.count).toBe(7);
    expect(banner.rows.map((r) => r.name)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(banner.rows[0]).toMatchObject({ status: 'MissingPermission', reason: 'view_setup_missing' });
    expect(banner.rows.map((r) => r.id)).not.toContain(healthy);
  });
});
