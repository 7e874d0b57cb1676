import { randomUUID } from 'node:crypto';
import {
  ADMIN_ROLE_MESSAGES,
  type AdminRole,
  APPROVAL_MESSAGES,
  adminRoleEndpoints,
  approvalEndpoints,
  connectionEndpoints,
  type ElevationRequest,
  permissionsOf,
  sessionEndpoints,
} from '@skyvault/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents, connections, temporaryAccess, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/context.js';
import { expireTemporaryAccess } from '../users/temporary-access.js';
import { approvalActions } from './approval-actions.js';

/**
 * An administrator's elevation for a time, asked for themselves (docs/administration.md "Elevation
 * requests"): always a request, approved by another administrator who grants roles, then granted as
 * the approver's change until its end.
 */
describe('elevation requests', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  /** An Owner who approves, and a User administrator who asks. */
  async function tenant(requesterRoles: AdminRole[] = ['UserAdministrator']) {
    const owner = await createTenantWithUser(t);
    const requester = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: requesterRoles });
    return { owner, requester };
  }

  const ask = (u: TestUser, body: ElevationRequest) =>
    api.call(u, approvalEndpoints.requestElevation, { body });

  const approve = (u: TestUser, id: string) =>
    api.call(u, approvalEndpoints.approve, { params: { id }, body: {} });

  const permissionsNow = async (u: TestUser) =>
    (await api.call(u, sessionEndpoints.session)).result().permissions;

  /** The session's permissions once they equal `expected` (a process keeps a session up to a second). */
  async function sessionHolds(u: TestUser, expected: readonly string[]) {
    const until = Date.now() + 10_000;
    for (;;) {
      const now = await permissionsNow(u);
      if (JSON.stringify(now) === JSON.stringify(expected) || Date.now() > until) return now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const historyOf = (u: TestUser) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx
        .select({ action: auditEvents.action, actorId: auditEvents.actorId, changes: auditEvents.changes })
        .from(auditEvents)
        .where(and(eq(auditEvents.tenantId, u.tenantId), eq(auditEvents.targetId, u.userId)))
        .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id)),
    );

  it('is asked for oneself and, approved by an Owner, grants the role until its end; the session holds it', async () => {
    const { owner, requester } = await tenant();
    const res = await ask(requester, {
      role: 'EnvironmentAdministrator',
      durationMinutes: 60,
      reason: 'Restore for ticket 981',
    });
    expect(res.statusCode).toBe(201);
    const asked = res.result();
    expect(asked).toMatchObject({
      action: 'elevation.request',
      status: 'pending',
      targetType: 'user',
      targetId: requester.userId,
      details: { role: 'EnvironmentAdministrator', durationMinutes: 60 },
      reason: 'Restore for ticket 981',
      requestedBy: { id: requester.userId },
      canDecide: false,
      canCancel: true,
    });
    // Nothing granted yet.
    expect(await permissionsNow(requester)).toEqual(permissionsOf(['UserAdministrator']));
    expect((await api.call(requester, connectionEndpoints.list)).statusCode).toBe(403);

    // The Owner sees it as theirs to decide; the requester cannot approve their own.
    const seen = (await api.call(owner, approvalEndpoints.get, { params: { id: asked.id } })).result();
    expect(seen.canDecide).toBe(true);
    expect((await api.call(owner, approvalEndpoints.count)).result().pendingForMe).toBe(1);
    const own = await approve(requester, asked.id);
    expect(own.statusCode).toBe(403);
    expect(own.refusal().message).toBe(APPROVAL_MESSAGES.ownRequest);

    const approved = await approve(owner, asked.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.result()).toMatchObject({ status: 'executed', decidedBy: { id: owner.userId } });

    const roles = (
      await api.call(owner, adminRoleEndpoints.ofUser, { params: { id: requester.userId } })
    ).result();
    expect(roles.adminRoles).toEqual(['UserAdministrator', 'EnvironmentAdministrator']);
    const timed = roles.sources.find((source) => source.source === 'temporary')!;
    expect(timed.role).toBe('EnvironmentAdministrator');
    const left = new Date(timed.expiresAt!).getTime() - Date.now();
    expect(left).toBeGreaterThan(59 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000 + 5000);

    const expected = permissionsOf(['UserAdministrator', 'EnvironmentAdministrator']);
    expect(await sessionHolds(requester, expected)).toEqual(expected);
    expect((await api.call(requester, connectionEndpoints.list)).statusCode).toBe(200);

    // The user's History: asked by the requester, approved and granted (with its end) by the Owner.
    const history = await historyOf(requester);
    const steps = history.map((event) => [event.action, event.actorId]);
    expect(steps).toEqual(
      expect.arrayContaining([
        ['approval-requested', requester.userId],
        ['approval-approved', owner.userId],
        ['grant-temporary-access', owner.userId],
        ['approval-executed', null],
      ]),
    );
    const grant = history.find((event) => event.action === 'grant-temporary-access')!;
    expect(JSON.stringify(grant.changes)).toContain(asked.id);
    expect(JSON.stringify(grant.changes)).toContain(timed.expiresAt!.slice(0, 16));

    // Approved again: no second grant.
    expect((await approve(owner, asked.id)).statusCode).toBe(409);
  });

  it('is never in the policy: the policy update refuses the kind', async () => {
    const { owner } = await tenant();
    const res = await api.call(owner, approvalEndpoints.updatePolicy, {
      body: { actions: ['elevation.request'] as never, validityHours: 24 },
    });
    expect(res.statusCode).toBe(400);
    expect((await api.call(owner, approvalEndpoints.getPolicy)).result().actions).toEqual([]);
  });

  it('is refused to an approver without admin-roles:write, and an Owner elevation to a non-Owner', async () => {
    const { owner, requester } = await tenant(['SecurityAdministrator']);
    const other = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['SecurityAdministrator'],
    });
    const asked = (
      await ask(requester, { role: 'Owner', durationMinutes: 15, reason: 'Audit fix' })
    ).result();
    const seen = (await api.call(other, approvalEndpoints.get, { params: { id: asked.id } })).result();
    expect(seen.canDecide).toBe(false);
    const refused = await approve(other, asked.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.refusal().message).toBe(APPROVAL_MESSAGES.missingPermission('admin-roles:write'));
    const denied = await api.call(other, approvalEndpoints.deny, {
      params: { id: asked.id },
      body: { comment: 'No' },
    });
    expect(denied.statusCode).toBe(403);

    // No built-in role gives admin-roles:write without Owner: the kind's own rule, given such an approver.
    const entry = approvalActions({} as never).find((e) => e.kind === 'elevation.request')!;
    const holder = {
      adminRoles: ['SecurityAdministrator'],
      permissions: ['admin-roles:write'],
    } as unknown as Actor;
    expect(entry.refuseDecider?.(holder, { role: 'Owner', durationMinutes: 15 })).toBe(
      APPROVAL_MESSAGES.ownerApprovesOwner,
    );
    expect(entry.refuseDecider?.(holder, { role: 'Auditor', durationMinutes: 15 })).toBeNull();

    // An Owner approves it: the requester is an Owner until its end.
    expect((await approve(owner, asked.id)).result().status).toBe('executed');
    const roles = (
      await api.call(owner, adminRoleEndpoints.ofUser, { params: { id: requester.userId } })
    ).result();
    expect(roles.adminRoles).toContain('Owner');
  });

  it("answers 404 for another tenant's request, and 404 or 409 for what no grant could follow", async () => {
    const { requester } = await tenant();
    const stranger = await createTenantWithUser(t);
    const asked = (
      await ask(requester, { role: 'Auditor', durationMinutes: 15, reason: 'Quarterly review' })
    ).result();
    for (const endpoint of [approvalEndpoints.approve, approvalEndpoints.deny]) {
      const res = await api.call(stranger, endpoint, {
        params: { id: asked.id },
        body: { comment: 'Nope' },
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await api.call(stranger, approvalEndpoints.get, { params: { id: asked.id } })).statusCode).toBe(
      404,
    );

    const held = await ask(requester, { role: 'UserAdministrator', durationMinutes: 15, reason: 'x' });
    expect(held.statusCode).toBe(409);
    expect(held.refusal().message).toBe(ADMIN_ROLE_MESSAGES.alreadyHeld('User administrator'));
    const unknown = await ask(requester, {
      permission: 'connections:write',
      connectionId: randomUUID(),
      durationMinutes: 15,
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const short = await ask(requester, { role: 'Auditor', durationMinutes: 5, reason: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.refusal().fields).toEqual({ durationMinutes: ADMIN_ROLE_MESSAGES.durationRange });
    const noReason = await ask(requester, { role: 'Auditor', durationMinutes: 15, reason: ' ' });
    expect(noReason.refusal().fields).toEqual({ reason: APPROVAL_MESSAGES.reasonRequired });
  });

  it('grants a permission on one connection, which ends on time and is audited as expired', async () => {
    const { owner, requester } = await tenant();
    const [connection] = await t.database.tenant(owner.tenantId, (tx) =>
      tx
        .insert(connections)
        .values({ tenantId: owner.tenantId, name: 'Prod', organizationType: 'Production', status: 'pending' })
        .returning({ id: connections.id }),
    );
    const asked = (
      await ask(requester, {
        permission: 'connections:write',
        connectionId: connection!.id,
        durationMinutes: 15,
        reason: 'Renew the token',
      })
    ).result();
    expect(asked.details).toMatchObject({ connectionName: 'Prod', permission: 'connections:write' });
    expect((await approve(owner, asked.id)).result().status).toBe('executed');
    const get = () =>
      api
        .call(requester, connectionEndpoints.get, { params: { id: connection!.id } })
        .then((r) => r.statusCode);
    const until = Date.now() + 10_000;
    while ((await get()) !== 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await get()).toBe(200);

    // Its time runs out: the session loses it, and the expiry removes it and audits the end once.
    await t.database.system((tx) =>
      tx
        .update(temporaryAccess)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(temporaryAccess.userId, requester.userId)),
    );
    const gone = Date.now() + 10_000;
    while ((await get()) !== 403 && Date.now() < gone) await new Promise((r) => setTimeout(r, 100));
    expect(await get()).toBe(403);
    await expireTemporaryAccess(t.database);
    const ended = (await historyOf(requester)).filter((event) => event.action === 'admin-role-expired');
    expect(ended).toHaveLength(1);
    const left = await t.database.system((tx) =>
      tx.select().from(temporaryAccess).where(eq(temporaryAccess.userId, requester.userId)),
    );
    expect(left).toEqual([]);
  });

  it('fails, granting nothing, when the requester is no longer an active administrator', async () => {
    const { owner, requester } = await tenant();
    const asked = (await ask(requester, { role: 'Auditor', durationMinutes: 15, reason: 'x' })).result();
    await t.database.system((tx) =>
      tx.update(users).set({ status: 'Disabled' }).where(eq(users.id, requester.userId)),
    );
    const res = (await approve(owner, asked.id)).result();
    expect(res).toMatchObject({
      status: 'failed',
      failureReason: APPROVAL_MESSAGES.requesterNotAdministrator,
    });
    const roles = (
      await api.call(owner, adminRoleEndpoints.ofUser, { params: { id: requester.userId } })
    ).result();
    expect(roles.adminRoles).toEqual(['UserAdministrator']);
  });
});
