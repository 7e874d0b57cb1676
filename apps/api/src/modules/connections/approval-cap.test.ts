import { connectionHealthEndpoints, NOT_FOUND, SALESFORCE_APPROVAL_LIMIT } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useOpened, useTestApp } from '../../../test/app.js';
import { startSalesforceStandIn } from '../../../test/salesforce-stand-in.js';
import { createStandInClockApp, loginFlow } from './connections.login-flow.test-helpers.js';
import { storedConnection } from './connections.test-helpers.js';

/** The approval cap guard: Salesforce keeps five approvals per user and app, and a sixth evicts the oldest. */
describe('Salesforce approval cap', () => {
  const sf = useOpened(() => startSalesforceStandIn());
  const t = useTestApp(() => createStandInClockApp(sf));
  const api = apiCaller(t);
  const flow = loginFlow(t, sf);

  it('names the Salesforce user at the limit and the connection the next login would cost, which is the one Salesforce evicts', async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const busy = sf.addUser();
    const ids: string[] = [];
    const connectAsBusy = async (n: number) => {
      // A minute apart, so that "least recently used" is one connection here and at Salesforce.
      sf.clock.advance({ minutes: 1 });
      ids.push(await flow.connect(u, `busy-${n}`, busy));
    };
    const cap = (connectionId?: string) =>
      api.call(u, connectionHealthEndpoints.approvalCap, { query: connectionId ? { connectionId } : {} });

    for (const n of [1, 2, 3, 4]) await connectAsBusy(n);
    const other = await flow.connect(u, 'other-user', sf.addUser());
    expect((await cap()).result()).toEqual({ limit: SALESFORCE_APPROVAL_LIMIT, users: [] });

    await connectAsBusy(5);
    const atLimit = {
      limit: SALESFORCE_APPROVAL_LIMIT,
      users: [{ username: busy.username, connections: 5, wouldEvict: { id: ids[0], name: 'busy-1' } }],
    };
    expect((await cap()).result()).toEqual(atLimit);
    // Update Token of one of them: the same warning.
    expect((await cap(ids[2])).result()).toEqual(atLimit);
    // Update Token of the least recently used one costs nothing: its own old token is the one evicted.
    expect((await cap(ids[0])).result().users).toEqual([]);
    // Update Token of another user's connection: not that user's business.
    expect((await cap(other)).result().users).toEqual([]);

    // Another tenant sees nothing of these, not even by id; a non-administrator may not ask.
    const stranger = await createTenantWithUser(t, { services: [] });
    const foreign = await api.call(stranger, connectionHealthEndpoints.approvalCap, {
      query: { connectionId: ids[0]! },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.refusal().message).toBe(NOT_FOUND.connection);
    expect((await api.call(stranger, connectionHealthEndpoints.approvalCap)).result().users).toEqual([]);
    const unknown = await cap('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const member = await createTenantWithUser(t, { inTenant: u.tenantId, isAdmin: false });
    expect((await api.call(member, connectionHealthEndpoints.approvalCap)).statusCode).toBe(403);
    const malformed = await api.send(u, 'GET', '/api/v1/connections/approval-cap?connectionId=nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toHaveProperty('connectionId');

    // The sixth login: Salesforce evicts exactly the connection the guard named, and every other
    // connection of that user is due for a check (which will tell the evicted one).
    const evictable = await flow.refreshTokenOf(u, ids[0]!);
    const earlier = await Promise.all(ids.map((id) => storedConnection(t, u.tenantId, id)));
    const otherBefore = await storedConnection(t, u.tenantId, other);
    await connectAsBusy(6);
    expect(sf.evicted.map((e) => e.refreshToken)).toEqual([evictable]);
    const sixth = await storedConnection(t, u.tenantId, ids[5]!);
    for (const [n, id] of ids.slice(0, 5).entries()) {
      const row = await storedConnection(t, u.tenantId, id);
      expect(row.nextCheckAt!.getTime()).toBeGreaterThan(earlier[n]!.nextCheckAt!.getTime());
      expect(row.nextCheckAt).toEqual(sixth.tokenUsedAt);
      // Only scheduled: the tokens and last activity are as they were.
      expect(row).toMatchObject({ refreshToken: earlier[n]!.refreshToken, updatedAt: earlier[n]!.updatedAt });
    }
    expect((await storedConnection(t, u.tenantId, other)).nextCheckAt).toEqual(otherBefore.nextCheckAt);

    // Once a check found it evicted, it holds no approval: the user holds five again, and the next
    // login would cost one of the others.
    await t.app.services.connectionHealth.runDue();
    expect((await storedConnection(t, u.tenantId, ids[0]!)).healthReason).toBe('approval_limit_evicted');
    const [after] = (await cap()).result().users;
    expect(after).toMatchObject({ username: busy.username, connections: 5 });
    expect(ids.slice(1)).toContain(after!.wouldEvict.id);
  });
});
