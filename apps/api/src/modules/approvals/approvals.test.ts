import {
  ADMIN_ROLE_MESSAGES,
  type AdminRole,
  APPROVAL_MESSAGES,
  APPROVAL_REASON_HEADER,
  approvalEndpoints,
  authPolicyEndpoints,
  ERROR_MESSAGES,
} from '@skyvault/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, lastMailTo, type TestUser, useTestApp } from '../../../test/app.js';
import { approvalRequests, auditEvents, connections, userAdminRoles } from '../../db/schema/index.js';
import { createApiToken, withToken } from '../api-tokens/api-tokens.test-helpers.js';

describe('approvals (four-eyes)', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  /** A tenant whose Owner asks, and a second administrator (an Environment administrator) who decides. */
  async function tenantWithPolicy(actions: string[] = ['connection.delete'], approverRoles?: AdminRole[]) {
    const owner = await createTenantWithUser(t);
    const approver = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: approverRoles ?? ['EnvironmentAdministrator'],
    });
    if (actions.length > 0) {
      const res = await api.call(owner, approvalEndpoints.updatePolicy, {
        body: { actions: actions as never, validityHours: 24 },
      });
      expect(res.statusCode).toBe(200);
    }
    return { owner, approver };
  }

  async function seedConnection(u: TestUser, name = 'Production org') {
    const [row] = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .insert(connections)
        .values({
          tenantId: u.tenantId,
          name,
          organizationType: 'Production',
          status: 'pending',
          createdBy: u.userId,
        })
        .returning({ id: connections.id }),
    );
    return row!.id;
  }

  const connectionExists = async (u: TestUser, id: string) =>
    (
      await t.database.tenant(u.tenantId, (tx) =>
        tx
          .select({ id: connections.id })
          .from(connections)
          .where(and(eq(connections.tenantId, u.tenantId), eq(connections.id, id))),
      )
    ).length === 1;

  /** DELETE /connections/:id, with a reason when given (the header the console sends). */
  const deleteConnection = (u: TestUser, id: string, reason?: string) =>
    call(t, {
      method: 'DELETE',
      url: `/api/v1/connections/${id}`,
      cookie: u.cookie,
      headers: reason === undefined ? {} : { [APPROVAL_REASON_HEADER]: encodeURIComponent(reason) },
    });

  const historyOf = (u: TestUser, targetId: string) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx
        .select({ action: auditEvents.action, actorId: auditEvents.actorId, changes: auditEvents.changes })
        .from(auditEvents)
        .where(and(eq(auditEvents.tenantId, u.tenantId), eq(auditEvents.targetId, targetId)))
        .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id)),
    );

  async function requestDelete(owner: TestUser, name?: string) {
    const id = await seedConnection(owner, name);
    const res = await deleteConnection(owner, id, 'Org retired — ticket 4711');
    expect(res.statusCode).toBe(202);
    return { connectionId: id, request: res.json() as { id: string; status: string } };
  }

  it('changes nothing for a tenant without a policy: the direct call works as before', async () => {
    const owner = await createTenantWithUser(t);
    expect((await api.call(owner, approvalEndpoints.getPolicy)).result()).toEqual({
      actions: [],
      validityHours: 24,
    });
    const id = await seedConnection(owner);
    expect((await deleteConnection(owner, id)).statusCode).toBe(204);
    expect(await connectionExists(owner, id)).toBe(false);
  });

  it('answers 409 APPROVAL_REQUIRED without a reason, and with one makes a request that changes nothing', async () => {
    const { owner, approver } = await tenantWithPolicy();
    const id = await seedConnection(owner);
    const refused = await deleteConnection(owner, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      message: ERROR_MESSAGES.APPROVAL_REQUIRED,
    });

    const blank = await deleteConnection(owner, id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ reason: APPROVAL_MESSAGES.reasonRequired });

    const res = await deleteConnection(owner, id, 'Org retired — ticket 4711');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      action: 'connection.delete',
      status: 'pending',
      targetType: 'connection',
      targetId: id,
      targetName: 'Production org',
      reason: 'Org retired — ticket 4711',
      requestedBy: { id: owner.userId, email: owner.email },
      canCancel: true,
      canDecide: false,
    });
    expect(await connectionExists(owner, id)).toBe(true);
    expect((await historyOf(owner, id)).map((e) => e.action)).toEqual(['approval-requested']);

    // The approver hears of it, and their badge counts it; the requester's does not.
    const mail = await lastMailTo(t, approver.email);
    expect(mail.subject).toContain('Delete a Salesforce connection');
    expect(mail.text).toContain('Org retired — ticket 4711');
    expect((await api.call(approver, approvalEndpoints.count)).result()).toEqual({ pendingForMe: 1 });
    expect((await api.call(owner, approvalEndpoints.count)).result()).toEqual({ pendingForMe: 0 });
    const inbox = (
      await api.call(approver, approvalEndpoints.list, { query: { status: 'pending' } })
    ).result();
    expect(inbox.total).toBe(1);
    expect(inbox.requests[0]).toMatchObject({ id: res.json().id, canDecide: true, canCancel: false });
  });

  it('carries an approved request out once, as the requester, and audits the whole chain on the item', async () => {
    const { owner, approver } = await tenantWithPolicy();
    const { connectionId, request } = await requestDelete(owner);

    const approved = await api.call(approver, approvalEndpoints.approve, {
      params: { id: request.id },
      body: { comment: 'Checked with the team' },
    });
    expect(approved.result()).toMatchObject({
      status: 'executed',
      decidedBy: { id: approver.userId },
      comment: 'Checked with the team',
      executedAt: expect.any(String),
    });
    expect(await connectionExists(owner, connectionId)).toBe(false);

    const history = await historyOf(owner, connectionId);
    expect(history.map((e) => [e.action, e.actorId])).toEqual([
      ['approval-requested', owner.userId],
      ['approval-approved', approver.userId],
      ['delete', owner.userId],
      ['approval-executed', null],
    ]);
    const mail = await lastMailTo(t, owner.email);
    expect(mail.subject).toContain('approved and carried out');

    // Once: a second approval finds nothing pending.
    const again = await api.call(approver, approvalEndpoints.approve, {
      params: { id: request.id },
      body: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.refusal().message).toBe(APPROVAL_MESSAGES.notPending);
  });

  it('carries the change out exactly once when two administrators approve at the same time', async () => {
    const { owner, approver } = await tenantWithPolicy();
    const second = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Owner'] });
    const { connectionId, request } = await requestDelete(owner);

    const answers = await Promise.all(
      [approver, second, approver, second].map((who) =>
        api.call(who, approvalEndpoints.approve, { params: { id: request.id }, body: {} }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const history = await historyOf(owner, connectionId);
    expect(history.filter((e) => e.action === 'delete')).toHaveLength(1);
    expect(history.filter((e) => e.action === 'approval-approved')).toHaveLength(1);
    expect(history.filter((e) => e.action === 'approval-executed')).toHaveLength(1);
  });

  it("refuses a request to its own requester's approval, even holding two roles that give the permission", async () => {
    const { owner } = await tenantWithPolicy();
    const both = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['Owner', 'EnvironmentAdministrator'],
    });
    const { connectionId, request } = await requestDelete(both);
    const res = await api.call(both, approvalEndpoints.approve, { params: { id: request.id }, body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.refusal().message).toBe(APPROVAL_MESSAGES.ownRequest);
    const deny = await api.call(both, approvalEndpoints.deny, {
      params: { id: request.id },
      body: { comment: 'x' },
    });
    expect(deny.statusCode).toBe(403);
    expect(await connectionExists(both, connectionId)).toBe(true);
    expect((await api.call(both, approvalEndpoints.count)).result()).toEqual({ pendingForMe: 0 });
  });

  it('denies with a comment: nothing changes and the requester is told', async () => {
    const { owner, approver } = await tenantWithPolicy();
    const { connectionId, request } = await requestDelete(owner);
    const noComment = await api.call(approver, approvalEndpoints.deny, {
      params: { id: request.id },
      body: { comment: ' ' },
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.refusal().fields).toEqual({ comment: APPROVAL_MESSAGES.commentRequired });

    const denied = await api.call(approver, approvalEndpoints.deny, {
      params: { id: request.id },
      body: { comment: 'Still used by the EU team' },
    });
    expect(denied.result()).toMatchObject({ status: 'denied', comment: 'Still used by the EU team' });
    expect(await connectionExists(owner, connectionId)).toBe(true);
    expect((await historyOf(owner, connectionId)).map((e) => e.action)).toEqual([
      'approval-requested',
      'approval-denied',
    ]);
    const mail = await lastMailTo(t, owner.email);
    expect(mail.subject).toContain('denied');
    expect(mail.text).toContain('Still used by the EU team');
  });

  it('lets only the requester cancel a pending request', async () => {
    const { owner, approver } = await tenantWithPolicy();
    const { connectionId, request } = await requestDelete(owner);
    const notTheirs = await api.call(approver, approvalEndpoints.cancel, { params: { id: request.id } });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.refusal().message).toBe(APPROVAL_MESSAGES.onlyRequesterCancels);
    const cancelled = await api.call(owner, approvalEndpoints.cancel, { params: { id: request.id } });
    expect(cancelled.result()).toMatchObject({ status: 'cancelled', canCancel: false });
    const late = await api.call(approver, approvalEndpoints.approve, {
      params: { id: request.id },
      body: {},
    });
    expect(late.statusCode).toBe(409);
    expect(await connectionExists(owner, connectionId)).toBe(true);
    expect((await historyOf(owner, connectionId)).map((e) => e.action)).toEqual([
      'approval-requested',
      'approval-cancelled',
    ]);
  });

  it('cannot approve an expired request; it ends expired and audited', async () => {
    const { owner, approver } = await tenantWithPolicy();
    const { connectionId, request } = await requestDelete(owner);
    await t.database.tenant(owner.tenantId, (tx) =>
      tx
        .update(approvalRequests)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(approvalRequests.id, request.id)),
    );
    const res = await api.call(approver, approvalEndpoints.approve, { params: { id: request.id }, body: {} });
    expect(res.statusCode).toBe(409);
    expect(res.refusal().message).toBe(APPROVAL_MESSAGES.expired);
    expect(
      (await api.call(owner, approvalEndpoints.get, { params: { id: request.id } })).result().status,
    ).toBe('expired');
    expect(await connectionExists(owner, connectionId)).toBe(true);
    expect((await historyOf(owner, connectionId)).map((e) => e.action)).toEqual([
      'approval-requested',
      'approval-expired',
    ]);
  });

  it('ends an approved request whose execution was interrupted as failed, once it is long past', async () => {
    const { owner, approver } = await tenantWithPolicy();
    const { connectionId, request } = await requestDelete(owner);
    // As a process that ended between the approval and the change leaves it.
    await t.database.tenant(owner.tenantId, (tx) =>
      tx
        .update(approvalRequests)
        .set({
          status: 'approved',
          decidedBy: approver.userId,
          decidedAt: sql`now() - interval '16 minutes'`,
        })
        .where(eq(approvalRequests.id, request.id)),
    );
    const read = (await api.call(owner, approvalEndpoints.get, { params: { id: request.id } })).result();
    expect(read).toMatchObject({ status: 'failed', failureReason: APPROVAL_MESSAGES.interrupted });
    expect((await historyOf(owner, connectionId)).map((e) => e.action)).toEqual([
      'approval-requested',
      'approval-failed',
    ]);
  });

  it('ends failed, with the reason, when the requester lost the permission or the item is gone', async () => {
    const { owner, approver } = await tenantWithPolicy();
    const requester = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['EnvironmentAdministrator'],
    });
    const first = await requestDelete(requester);
    await t.database.tenant(owner.tenantId, async (tx) => {
      const mine = and(
        eq(userAdminRoles.tenantId, owner.tenantId),
        eq(userAdminRoles.userId, requester.userId),
      );
      await tx.delete(userAdminRoles).where(mine);
      await tx
        .insert(userAdminRoles)
        .values({ tenantId: owner.tenantId, userId: requester.userId, role: 'Auditor' });
    });
    const lost = await api.call(approver, approvalEndpoints.approve, {
      params: { id: first.request.id },
      body: {},
    });
    expect(lost.result()).toMatchObject({
      status: 'failed',
      failureReason: APPROVAL_MESSAGES.requesterLostPermission,
    });
    expect(await connectionExists(owner, first.connectionId)).toBe(true);
    expect((await historyOf(owner, first.connectionId)).map((e) => e.action)).toEqual([
      'approval-requested',
      'approval-approved',
      'approval-failed',
    ]);

    const second = await requestDelete(owner, 'Sandbox org');
    await t.database.tenant(owner.tenantId, (tx) =>
      tx.delete(connections).where(eq(connections.id, second.connectionId)),
    );
    const gone = await api.call(approver, approvalEndpoints.approve, {
      params: { id: second.request.id },
      body: {},
    });
    expect(gone.result()).toMatchObject({ status: 'failed', failureReason: APPROVAL_MESSAGES.targetGone });
  });

  it("answers 404 for another tenant's request, and 403 to an administrator whose roles cannot decide it", async () => {
    const { owner } = await tenantWithPolicy();
    const { request } = await requestDelete(owner);
    const stranger = await createTenantWithUser(t);
    for (const endpoint of [approvalEndpoints.approve, approvalEndpoints.deny]) {
      const res = await api.call(stranger, endpoint, { params: { id: request.id }, body: { comment: 'no' } });
      expect(res.statusCode).toBe(404);
    }
    expect((await api.call(stranger, approvalEndpoints.get, { params: { id: request.id } })).statusCode).toBe(
      404,
    );
    expect(
      (await api.call(stranger, approvalEndpoints.cancel, { params: { id: request.id } })).statusCode,
    ).toBe(404);

    const userAdmin = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['UserAdministrator'],
    });
    const res = await api.call(userAdmin, approvalEndpoints.approve, {
      params: { id: request.id },
      body: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.refusal().message).toBe(APPROVAL_MESSAGES.missingPermission('connections:write'));
    expect((await api.call(userAdmin, approvalEndpoints.count)).result()).toEqual({ pendingForMe: 0 });

    const auditor = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Auditor'] });
    const byAuditor = await api.call(auditor, approvalEndpoints.approve, {
      params: { id: request.id },
      body: {},
    });
    expect(byAuditor.statusCode).toBe(403);
    expect(byAuditor.refusal().message).toBe(ADMIN_ROLE_MESSAGES.missingPermission('approvals:write'));

    const notAdmin = await createTenantWithUser(t, { inTenant: owner.tenantId, isAdmin: false });
    expect((await api.call(notAdmin, approvalEndpoints.list)).statusCode).toBe(403);
  });

  it('neither takes a request from an API token nor lets one decide', async () => {
    const { owner } = await tenantWithPolicy();
    const token = await createApiToken(t, owner);
    const secondOwner = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Owner'] });
    const id = await seedConnection(owner);
    const res = await withToken(t, token.token, { method: 'DELETE', url: `/api/v1/connections/${id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      message: APPROVAL_MESSAGES.tokenCannotRequest,
    });
    expect(await connectionExists(owner, id)).toBe(true);

    const { request } = await requestDelete(owner, 'Other org');
    const byToken = await withToken(t, (await createApiToken(t, secondOwner)).token, {
      method: 'POST',
      url: `/api/v1/approvals/${request.id}/approve`,
      payload: {},
    });
    expect(byToken.statusCode).toBe(403);
    expect(
      (await api.call(owner, approvalEndpoints.get, { params: { id: request.id } })).result().status,
    ).toBe('pending');
  });

  it('asks approval to turn the MFA policy down, not to make it stricter', async () => {
    const { owner, approver } = await tenantWithPolicy(['mfa-policy.lower'], ['SecurityAdministrator']);
    const stricter = await api.call(owner, authPolicyEndpoints.update, { body: { mfaPolicy: 'everyone' } });
    expect(stricter.statusCode).toBe(200);

    const lower = () =>
      call(t, {
        method: 'PATCH',
        url: authPolicyEndpoints.update.path,
        cookie: owner.cookie,
        payload: { mfaPolicy: 'off' },
        headers: { [APPROVAL_REASON_HEADER]: encodeURIComponent('Pilot ended') },
      });
    const res = await lower();
    expect(res.statusCode).toBe(202);
    expect((await api.call(owner, authPolicyEndpoints.get)).result().mfaPolicy).toBe('everyone');
    const approved = await api.call(approver, approvalEndpoints.approve, {
      params: { id: res.json().id },
      body: {},
    });
    expect(approved.result().status).toBe('executed');
    expect((await api.call(owner, authPolicyEndpoints.get)).result().mfaPolicy).toBe('off');
    const events = await historyOf(owner, owner.tenantId);
    expect(events.map((e) => e.action)).toEqual([
      'update-approval-policy',
      'update',
      'approval-requested',
      'approval-approved',
      'update',
      'approval-executed',
    ]);
  });

  it('validates the policy: known actions, validity from 1 to 168 hours; only an Owner changes it', async () => {
    const { owner, approver } = await tenantWithPolicy([]);
    const bad = await api.call(owner, approvalEndpoints.updatePolicy, {
      body: { actions: ['connection.delete'], validityHours: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.refusal().fields).toEqual({ validityHours: APPROVAL_MESSAGES.validityRange });
    const unknown = await api.call(owner, approvalEndpoints.updatePolicy, {
      body: { actions: ['drop.everything' as never], validityHours: 24 },
    });
    expect(unknown.statusCode).toBe(400);
    const ok = await api.call(owner, approvalEndpoints.updatePolicy, {
      body: { actions: ['storage.delete', 'connection.delete'], validityHours: 168 },
    });
    expect(ok.result()).toEqual({ actions: ['connection.delete', 'storage.delete'], validityHours: 168 });
    const byEnvironmentAdmin = await api.call(approver, approvalEndpoints.updatePolicy, {
      body: { actions: [], validityHours: 24 },
    });
    expect(byEnvironmentAdmin.statusCode).toBe(403);
    expect((await api.call(approver, approvalEndpoints.getPolicy)).result().validityHours).toBe(168);
  });
});
