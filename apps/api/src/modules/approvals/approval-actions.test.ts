import {
  APPROVAL_MESSAGES,
  APPROVAL_REASON_HEADER,
  type ApprovalAction,
  adminRoleEndpoints,
  approvalEndpoints,
  identityProviderEndpoints,
  ipRangeEndpoints,
  ssoEnforcementEndpoints,
  storageEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { identityProviders } from '../../db/schema/index.js';
import { webhookEventsOf } from '../../platform/webhook-outbox/events.js';
import { insertVerifiedDomain } from '../domains/domains.test-helpers.js';
import { createRange, OFFICE, OFFICE_RANGE } from '../ip-ranges/ip-ranges.test-helpers.js';
import { createStorage, localBody } from '../storages/storages.test-helpers.js';

/** Each guarded call besides a connection's delete (approvals.test.ts): held back, then carried out once approved. */
describe('the changes a tenant may put under approval', () => {
  const t = useTestApp();
  const api = apiCaller(t, { from: OFFICE });

  async function tenantWithPolicy(actions: ApprovalAction[]) {
    const owner = await createTenantWithUser(t);
    const approver = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Owner'] });
    await api
      .call(owner, approvalEndpoints.updatePolicy, { body: { actions, validityHours: 24 } })
      .then((r) => r.result());
    return { owner, approver };
  }

  /** The call as the console sends it, with the reason header unless `reason` is null. */
  const guarded = (u: TestUser, options: InjectOptions, reason: string | null = 'Planned change') =>
    call(t, {
      remoteAddress: OFFICE,
      ...options,
      cookie: u.cookie,
      headers: reason === null ? {} : { [APPROVAL_REASON_HEADER]: encodeURIComponent(reason) },
    });

  const approve = async (approver: TestUser, id: string) =>
    (await api.call(approver, approvalEndpoints.approve, { params: { id }, body: {} })).result();

  it('deletes a storage only once approved', async () => {
    const { owner, approver } = await tenantWithPolicy(['storage.delete']);
    const id = await createStorage(t, owner, localBody('archive'));
    const url = `/api/v1/storages/${id}`;
    expect((await guarded(owner, { method: 'DELETE', url }, null)).statusCode).toBe(409);
    const res = await guarded(owner, { method: 'DELETE', url });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ targetType: 'storage', targetId: id, targetName: 'archive' });
    expect((await api.call(owner, storageEndpoints.get, { params: { id } })).statusCode).toBe(200);
    expect((await approve(approver, res.json().id)).status).toBe('executed');
    expect((await api.call(owner, storageEndpoints.get, { params: { id } })).statusCode).toBe(404);
  });

  it('answers 404 before asking anything for an item that is not there', async () => {
    const { owner } = await tenantWithPolicy(['storage.delete', 'connection.delete']);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const url of [`/api/v1/storages/${missing}`, `/api/v1/connections/${missing}`]) {
      expect((await guarded(owner, { method: 'DELETE', url })).statusCode).toBe(404);
    }
    expect(
      (await api.call(owner, approvalEndpoints.list, { query: { status: 'mine' } })).result().total,
    ).toBe(0);
  });

  it('deletes an identity provider only once approved', async () => {
    const { owner, approver } = await tenantWithPolicy(['identity-provider.delete']);
    const [provider] = await t.database.tenant(owner.tenantId, (tx) =>
      tx
        .insert(identityProviders)
        .values({
          tenantId: owner.tenantId,
          name: 'Okta',
          type: 'OpenId',
          buttonText: 'Sign in with Okta',
          clientId: 'client',
          clientSecret: 'sealed',
          issuer: 'https://idp.example.com',
        })
        .returning({ id: identityProviders.id }),
    );
    const id = provider!.id;
    const res = await guarded(owner, { method: 'DELETE', url: `/api/v1/identity-providers/${id}` });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ targetType: 'identity-provider', targetName: 'Okta' });
    expect((await api.call(owner, identityProviderEndpoints.get, { params: { id } })).statusCode).toBe(200);
    expect((await approve(approver, res.json().id)).status).toBe('executed');
    expect((await api.call(owner, identityProviderEndpoints.get, { params: { id } })).statusCode).toBe(404);
  });

  it('holds turning single sign-on enforcement off, not a change that leaves it off', async () => {
    const { owner, approver } = await tenantWithPolicy(['sso-enforcement.off']);
    const domain = `d${Date.now().toString(36)}.example`;
    const enforced = await insertVerifiedDomain(t, owner.tenantId, domain, { enforceSso: true });
    const plain = await insertVerifiedDomain(t, owner.tenantId, `plain-${domain}`);
    const off = { providerIds: [], enforceSso: false, apiTokensUnderEnforcement: false };
    const url = (id: string) => `/api/v1/sso-enforcement/domains/${id}`;

    expect((await guarded(owner, { method: 'PUT', url: url(plain), payload: off }, null)).statusCode).toBe(
      200,
    );
    expect((await guarded(owner, { method: 'PUT', url: url(enforced), payload: off }, null)).statusCode).toBe(
      409,
    );
    const res = await guarded(owner, { method: 'PUT', url: url(enforced), payload: off });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ targetType: 'domain', targetId: enforced, targetName: domain });
    const enforcement = async () =>
      (await api.call(owner, ssoEnforcementEndpoints.listDomains))
        .result()
        .domains.find((d) => d.id === enforced)?.enforceSso;
    expect(await enforcement()).toBe(true);
    expect((await approve(approver, res.json().id)).status).toBe('executed');
    expect(await enforcement()).toBe(false);
  });

  it('holds every change of network access; a body the direct call refuses is refused too', async () => {
    const { owner, approver } = await tenantWithPolicy([]);
    const rangeId = await createRange(t, owner, { name: 'Office', ...OFFICE_RANGE });
    await api.call(owner, approvalEndpoints.updatePolicy, {
      body: { actions: ['network-access.change'], validityHours: 24 },
    });

    const body = { name: 'Branch', startIPAddress: '192.0.2.0', endIPAddress: '192.0.2.255' };
    const created = await guarded(owner, {
      method: 'POST',
      url: ipRangeEndpoints.create.path,
      payload: body,
    });
    expect(created.statusCode).toBe(202);
    expect(created.json()).toMatchObject({
      targetId: null,
      targetName: 'Branch',
      details: { op: 'create', body },
    });
    const renamed = await guarded(owner, {
      method: 'PATCH',
      url: `/api/v1/ip-ranges/${rangeId}`,
      payload: { name: 'Head office' },
    });
    expect(renamed.statusCode).toBe(202);
    // A body the direct call refuses is refused here too: no request keeps it.
    const invalid = await guarded(owner, {
      method: 'PATCH',
      url: `/api/v1/ip-ranges/${rangeId}`,
      payload: { startIPAddress: 'not an address' },
    });
    expect(invalid.statusCode).toBe(400);

    let ranges = (await api.call(owner, ipRangeEndpoints.list)).result();
    expect(ranges.ipRanges.map((r) => r.name)).toEqual(['Office']);

    expect((await approve(approver, created.json().id)).status).toBe('executed');
    expect((await approve(approver, renamed.json().id)).status).toBe('executed');
    ranges = (await api.call(owner, ipRangeEndpoints.list)).result();
    expect(ranges.ipRanges.map((r) => r.name).sort()).toEqual(['Branch', 'Head office']);
  });

  it('holds a grant of the Owner role, not other roles; the previous release’s isAdmin path is refused', async () => {
    const { owner, approver } = await tenantWithPolicy(['owner.grant']);
    const user = await createTenantWithUser(t, { inTenant: owner.tenantId, isAdmin: false });
    const url = `/api/v1/users/${user.userId}/admin-roles`;
    const auditor = await guarded(owner, { method: 'PUT', url, payload: { adminRoles: ['Auditor'] } }, null);
    expect(auditor.statusCode).toBe(200);

    // Already an administrator (an Auditor): isAdmin true changes nothing, so it passes.
    const unchanged = await call(t, {
      method: 'PATCH',
      url: `/api/v1/users/${user.userId}`,
      cookie: owner.cookie,
      payload: { isAdmin: true },
    });
    expect(unchanged.statusCode).toBe(200);
    const fresh = await createTenantWithUser(t, { inTenant: owner.tenantId, isAdmin: false });
    const viaUsers = await call(t, {
      method: 'PATCH',
      url: `/api/v1/users/${fresh.userId}`,
      cookie: owner.cookie,
      payload: { isAdmin: true },
    });
    expect(viaUsers.statusCode).toBe(409);
    expect(viaUsers.json()).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      message: APPROVAL_MESSAGES.ownerThroughRoles,
    });
    const created = await call(t, {
      method: 'POST',
      url: userEndpoints.create.path,
      cookie: owner.cookie,
      payload: { email: 'new-owner@example.com', firstName: 'New', lastName: 'Owner', isAdmin: true },
    });
    expect(created.statusCode).toBe(409);

    const res = await guarded(owner, { method: 'PUT', url, payload: { adminRoles: ['Owner'] } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ targetType: 'user', targetId: user.userId, targetName: user.email });
    const before = await api.call(owner, adminRoleEndpoints.ofUser, { params: { id: user.userId } });
    expect(before.result().adminRoles).toEqual(['Auditor']);
    expect((await approve(approver, res.json().id)).status).toBe('executed');
    const after = await api.call(owner, adminRoleEndpoints.ofUser, { params: { id: user.userId } });
    expect(after.result().adminRoles).toEqual(['Owner']);
  });

  it('keeps another tenant’s policy apart: a request is only the asking tenant’s', async () => {
    const { owner } = await tenantWithPolicy(['storage.delete']);
    const other = await createTenantWithUser(t);
    const id = await createStorage(t, other, localBody('theirs'));
    const direct = await guarded(other, { method: 'DELETE', url: `/api/v1/storages/${id}` }, null);
    expect(direct.statusCode).toBe(204);
    const mine = await createStorage(t, owner, localBody('mine'));
    const wrongTenant = await guarded(other, { method: 'DELETE', url: `/api/v1/storages/${mine}` });
    expect(wrongTenant.statusCode).toBe(404);
    expect((await api.call(owner, storageEndpoints.get, { params: { id: mine } })).statusCode).toBe(200);
  });

  it('tells webhooks of a request and of its decision, with the request and the item', () => {
    const actor = { type: 'user' as const, id: 'u1', name: 'a@example.com' };
    const change = (action: string) => ({
      tenantId: 't1',
      actorId: 'u1',
      action,
      targetType: 'connection',
      targetId: 'c1',
      targetName: 'Production org',
      changes: {
        requestId: { after: 'r1' },
        action: { after: 'connection.delete' },
        status: { after: action === 'approval-requested' ? 'pending' : 'denied' },
      },
    });
    expect(webhookEventsOf(change('approval-requested'), actor)).toEqual([
      {
        type: 'approval.requested',
        data: {
          request: { requestId: 'r1', action: 'connection.delete', status: 'pending' },
          target: { type: 'connection', id: 'c1', name: 'Production org' },
          actor,
        },
      },
    ]);
    expect(webhookEventsOf(change('approval-denied'), actor).map((e) => e.type)).toEqual([
      'approval.decided',
    ]);
    expect(webhookEventsOf(change('approval-expired'), actor)).toEqual([]);
  });
});
