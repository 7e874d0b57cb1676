import { connectionEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useOpened, useTestApp } from '../../../test/app.js';
import { startSalesforceStandIn } from '../../../test/salesforce-stand-in.js';
import { connections } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import { createStandInClockApp, loginFlow } from './connections.login-flow.test-helpers.js';
import { storedConnection } from './connections.test-helpers.js';

/** What a completed login stores besides the tokens, and what deleting a connection does at Salesforce. */
describe("Salesforce connections' tokens", () => {
  const sf = useOpened(() => startSalesforceStandIn());
  const t = useTestApp(() => createStandInClockApp(sf));
  const flow = loginFlow(t, sf);

  const setRow = (tenantId: string, id: string, values: Partial<typeof connections.$inferInsert>) =>
    t.database.tenant(tenantId, (tx) => tx.update(connections).set(values).where(eq(connections.id, id)));

  it('restarts the grant’s bookkeeping on every login, on the injected clock, and has it checked at once', async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const owner = sf.addUser();
    sf.clock.advance({ days: 3 });
    const from = sf.clock.now();
    const id = await flow.connect(u, 'books', owner);
    const first = await storedConnection(t, u.tenantId, id);
    // The stand-in's clock, three days ahead of the real one: the login used the injected clock.
    expect(first.tokenUsedAt!.getTime()).toBeGreaterThanOrEqual(from);
    expect(first.tokenUsedAt!.getTime()).toBeLessThanOrEqual(sf.clock.now());
    expect(first).toMatchObject({
      tokenVersion: 1,
      accessTokenExpiresAt: null,
      renewalLeaseUntil: null,
      nextCheckAt: first.tokenUsedAt,
      checkFailures: 0,
      healthStatus: null,
    });

    // A grant a check found revoked, with a renewal in the middle: a new login voids all of it.
    const stale = {
      healthStatus: 'ReauthRequired',
      healthReason: 'token_revoked_or_expired',
      checkedAt: new Date(from),
      accessTokenExpiresAt: new Date(from + 3_600_000),
      renewalLeaseUntil: new Date(sf.clock.now() + 60_000),
      nextCheckAt: new Date(sf.clock.now() + 3_600_000),
      checkFailures: 3,
      observedOrgId: '00D000000000999EAA',
    };
    await setRow(u.tenantId, id, stale);
    sf.clock.advance({ hours: 1 });
    expect(await flow.renew(u, id, owner, 'Production')).toBe(`/connections?connected=${id}`);
    const second = await storedConnection(t, u.tenantId, id);
    expect(second.tokenUsedAt!.getTime()).toBeGreaterThan(first.tokenUsedAt!.getTime() + 3_000_000);
    expect(second).toMatchObject({
      tokenVersion: 2,
      accessTokenExpiresAt: null,
      renewalLeaseUntil: null,
      nextCheckAt: second.tokenUsedAt,
      checkFailures: 0,
      observedOrgId: null,
      healthStatus: null,
      healthReason: null,
    });
    const listed = (await apiCaller(t).call(u, connectionEndpoints.list)).result().rows;
    expect(listed.find((row) => row.id === id)?.health).toBeNull();

    // Degraded is Salesforce failing, not the grant: it stays for the next check to lift.
    await setRow(u.tenantId, id, {
      ...stale,
      healthStatus: 'Degraded',
      healthReason: 'salesforce_unavailable',
    });
    expect(await flow.renew(u, id, owner, 'Production')).toBe(`/connections?connected=${id}`);
    expect(await storedConnection(t, u.tenantId, id)).toMatchObject({
      tokenVersion: 3,
      healthStatus: 'Degraded',
      healthReason: 'salesforce_unavailable',
      checkFailures: 0,
      renewalLeaseUntil: null,
    });
  });

  it('revokes the refresh token at Salesforce when the connection is deleted', async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const owner = sf.addUser();
    const id = await flow.connect(u, 'short-lived', owner);
    const row = await storedConnection(t, u.tenantId, id);
    const { secrets } = t.app.services;
    const refreshToken = secrets.open(sealedAt.connectionRefreshToken(u.tenantId, id), row.refreshToken!);
    expect(sf.isActive(refreshToken)).toBe(true);

    const res = await apiCaller(t).call(u, connectionEndpoints.remove, { params: { id } });
    expect(res.statusCode).toBe(204);
    // Not awaited by the delete: Salesforce's answer changes nothing for the caller.
    await expect.poll(() => sf.revoked.includes(refreshToken)).toBe(true);
    expect(sf.isActive(refreshToken)).toBe(false);
    expect(sf.approvalsOf(owner)).toEqual([]);
  });
});
