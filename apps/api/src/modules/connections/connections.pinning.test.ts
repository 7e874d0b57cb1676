import { SALESFORCE_LOGIN_FAILURES } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTenantWithUser, useOpened, useTestApp } from '../../../test/app.js';
import { startSalesforceStandIn } from '../../../test/salesforce-stand-in.js';
import { connections } from '../../db/schema/index.js';
import { createStandInClockApp, loginFlow } from './connections.login-flow.test-helpers.js';
import { storedConnection } from './connections.test-helpers.js';

/** Org pinning on Update Token: a login to another org than the pinned one, with and without Rebind. */
describe('Salesforce connections pinned to their org', () => {
  const sf = useOpened(() => startSalesforceStandIn());
  const t = useTestApp(() => createStandInClockApp(sf));
  const flow = loginFlow(t, sf);

  it('refuses a Sandbox login to its refreshed org without Rebind, and rebinds the same connection with it', async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const tester = sf.addUser({ sandbox: true });
    const id = await flow.connect(u, 'qa-box', tester, 'Sandbox');
    const pinned = await storedConnection(t, u.tenantId, id);
    expect(pinned.orgId).toBe(tester.orgId);
    const firstToken = await flow.refreshTokenOf(u, id);
    const newOrgId = sf.refreshSandbox(tester.orgId);

    // Without Rebind: refused, the connection keeps its org and tokens, the new token is revoked.
    expect(await flow.renew(u, id, tester, 'Sandbox')).toBe(`/connections?failed=${id}`);
    const refused = await storedConnection(t, u.tenantId, id);
    expect(refused).toMatchObject({
      status: 'connected',
      orgId: tester.orgId,
      accessToken: pinned.accessToken,
      refreshToken: pinned.refreshToken,
      tokenVersion: pinned.tokenVersion,
      earlierOrgIds: [],
      lastError: SALESFORCE_LOGIN_FAILURES.otherSandboxOrg(tester.orgId),
    });
    await expect.poll(() => sf.revoked.length).toBe(1);
    const [newToken] = sf.revoked;
    expect(newToken).not.toBe(firstToken);
    expect(sf.isActive(newToken!)).toBe(false);
    expect(sf.isActive(firstToken)).toBe(true);
    expect(sf.approvalsOf(tester).map((a) => a.refreshToken)).toEqual([firstToken]);
    const failed = (await flow.trail(u, id)).at(-1)!;
    expect(failed).toMatchObject({ action: 'connect-failed', outcome: 'success' });
    expect(failed.changes).toMatchObject({ loginOrgId: { after: newOrgId } });

    // What a check found of the refreshed org: cleared by the rebind for the next check to see anew.
    await t.database.tenant(u.tenantId, (tx) =>
      tx
        .update(connections)
        .set({
          healthStatus: 'OrgChanged',
          healthReason: 'org_id_changed',
          observedOrgId: newOrgId,
          isSandbox: true,
          checkedAt: new Date(),
        })
        .where(eq(connections.id, id)),
    );

    // With Rebind: the same connection, pinned to the new id, the old one listed.
    const before = sf.clock.now();
    expect(await flow.renew(u, id, tester, 'Sandbox', true)).toBe(`/connections?connected=${id}`);
    const rebound = await storedConnection(t, u.tenantId, id);
    expect(rebound).toMatchObject({
      id,
      name: 'qa-box',
      status: 'connected',
      orgId: newOrgId,
      lastError: null,
      observedOrgId: null,
      isSandbox: null,
      healthStatus: null,
      healthReason: null,
      tokenVersion: pinned.tokenVersion + 1,
    });
    expect(rebound.earlierOrgIds).toEqual([{ orgId: tester.orgId, until: expect.any(String) }]);
    const until = Date.parse(rebound.earlierOrgIds[0]!.until);
    expect(until).toBeGreaterThanOrEqual(before);
    expect(until).toBeLessThanOrEqual(sf.clock.now());
    // The token it had is revoked; the new one works.
    await expect.poll(() => sf.isActive(firstToken)).toBe(false);
    expect(sf.isActive(await flow.refreshTokenOf(u, id))).toBe(true);

    const trail = await flow.trail(u, id);
    expect(trail.map((event) => event.action)).toEqual([
      'create',
      'connect',
      'renew',
      'connect-failed',
      'renew',
      'rebind',
    ]);
    expect(trail[4]!.changes).toEqual({ rebind: { after: true } });
    expect(trail[5]!.changes).toMatchObject({
      orgId: { before: tester.orgId, after: newOrgId },
      lastError: { before: SALESFORCE_LOGIN_FAILURES.otherSandboxOrg(tester.orgId), after: null },
    });
  });

  it('refuses a Production login to another org even with Rebind, and records it as a security event', async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const owner = sf.addUser();
    const stranger = sf.addUser();
    const id = await flow.connect(u, 'erp', owner);
    const pinned = await storedConnection(t, u.tenantId, id);
    const ownToken = await flow.refreshTokenOf(u, id);
    const revokedBefore = sf.revoked.length;

    expect(await flow.renew(u, id, stranger, 'Production', true)).toBe(`/connections?failed=${id}`);
    expect(await storedConnection(t, u.tenantId, id)).toMatchObject({
      status: 'connected',
      orgId: owner.orgId,
      salesforceUserId: owner.userId,
      accessToken: pinned.accessToken,
      refreshToken: pinned.refreshToken,
      earlierOrgIds: [],
      lastError: SALESFORCE_LOGIN_FAILURES.otherProductionOrg(owner.orgId, stranger.orgId),
    });
    await expect.poll(() => sf.revoked.length).toBe(revokedBefore + 1);
    expect(sf.approvalsOf(stranger)).toEqual([]);
    expect(sf.isActive(ownToken)).toBe(true);

    const refusal = (await flow.trail(u, id)).at(-1)!;
    expect(refusal).toMatchObject({
      action: 'org-mismatch-refused',
      outcome: 'failure',
      actorId: u.userId,
      targetType: 'connection',
      targetName: 'erp',
    });
    expect(refusal.changes).toMatchObject({
      loginOrgId: { after: stranger.orgId },
      loginUsername: { after: stranger.username },
    });

    // Without Rebind the same.
    expect(await flow.renew(u, id, stranger, 'Production')).toBe(`/connections?failed=${id}`);
    expect((await flow.trail(u, id)).at(-1)).toMatchObject({
      action: 'org-mismatch-refused',
      outcome: 'failure',
    });
    expect((await storedConnection(t, u.tenantId, id)).orgId).toBe(owner.orgId);
  });
});
