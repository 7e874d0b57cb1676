import {
  AUDIT_MAX_PAGE_SIZE,
  auditEndpoints,
  authEndpoints,
  encodeAuditCursor,
  groupEndpoints,
  MESSAGES,
  userEndpoints,
} from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { expectAdministratorsOnly } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, signIn, type TestUser, useTestApp } from '../../../test/app.js';
import { createGroup, createUser, insertRole } from '../groups/groups.test-helpers.js';
import { everyEvent } from './audit.test-helpers.js';

const PASSWORD = 'Audit-pass1!';
const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

describe('audit trail', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  /** A tenant with some history: a group created and renamed, a second administrator, a failed sign-in. */
  async function tenantWithHistory() {
    const admin = await createTenantWithUser(t, { password: PASSWORD });
    const roleId = await insertRole(t, admin.tenantId, 'Auditors');
    const groupId = await createGroup(t, admin, { name: 'Release team', roleId });
    await pause();
    await api.call(admin, groupEndpoints.update, { params: { id: groupId }, body: { name: 'Ship team' } });
    const email = `other-${admin.tenantId.slice(0, 8)}@example.com`;
    const otherId = await createUser(t, admin, { email, isAdmin: true });
    await api.call(null, authEndpoints.login, {
      body: { tenantName: admin.tenantName, email: admin.email, password: 'Wrong-pass1!' },
    });
    await pause();
    const other: TestUser = {
      ...admin,
      userId: otherId,
      email,
      cookie: await signIn(t, admin.tenantId, otherId),
    };
    await createGroup(t, other, { name: 'Late group', roleId });
    return { admin, groupId, otherId, roleId };
  }

  it('shows a renamed group with its fields before and after, its name then, and who did it from where', async () => {
    const { admin, groupId } = await tenantWithHistory();
    const { events } = (
      await api.call(admin, auditEndpoints.list, { query: { resourceType: 'group', resourceId: groupId } })
    ).result();
    expect(events.map((event) => event.action)).toEqual(['update', 'create']);
    expect(events[0]).toEqual({
      id: expect.any(String),
      seq: expect.any(Number),
      time: expect.any(String),
      actorType: 'user',
      actor: { id: admin.userId, email: admin.email, name: expect.stringMatching(/^Test User \d+$/) },
      action: 'update',
      resource: { type: 'group', id: groupId, name: 'Ship team' },
      outcome: 'success',
      method: null,
      ip: expect.any(String),
      userAgent: 'lightMyRequest',
      requestId: expect.any(String),
      changes: { name: { before: 'Release team', after: 'Ship team' } },
    });
    expect(events[1]!.resource.name).toBe('Release team');
    expect(events[0]!.seq).toBeGreaterThan(events[1]!.seq);
  });

  it('still names a deleted user in the events they made', async () => {
    const admin = await createTenantWithUser(t);
    const roleId = await insertRole(t, admin.tenantId, 'Editors');
    const email = `leaver-${admin.tenantId.slice(0, 8)}@example.com`;
    const leaverId = await createUser(t, admin, { email, firstName: 'Lea', lastName: 'Ver', isAdmin: true });
    const leaver: TestUser = {
      ...admin,
      userId: leaverId,
      email,
      cookie: await signIn(t, admin.tenantId, leaverId),
    };
    await createGroup(t, leaver, { name: 'Made by Lea', roleId });
    await api.call(admin, userEndpoints.remove, { params: { id: leaverId } });

    const byAddress = await everyEvent(api, admin, { actor: email.toUpperCase() });
    expect(byAddress.map((event) => event.action)).toEqual(['create']);
    expect(byAddress[0]).toMatchObject({
      actor: { id: leaverId, email, name: 'Lea Ver' },
      resource: { type: 'group', name: 'Made by Lea' },
    });
    const deletion = await everyEvent(api, admin, { action: 'delete', resourceType: 'user' });
    expect(deletion[0]).toMatchObject({
      resource: { id: leaverId, name: email },
      actor: { id: admin.userId },
    });
  });

  it('narrows the events with each filter', async () => {
    const { admin, groupId, otherId } = await tenantWithHistory();
    const all = await everyEvent(api, admin);
    const middle = all[Math.floor(all.length / 2)]!;
    const filters: [string, Record<string, string>, (event: (typeof all)[number]) => boolean][] = [
      ['actor by id', { actor: admin.userId }, (e) => e.actor?.id === admin.userId],
      ['actor by address', { actor: admin.email.toUpperCase() }, (e) => e.actor?.email === admin.email],
      ['action', { action: 'update' }, (e) => e.action === 'update'],
      ['another action', { action: 'failed-sign-in' }, (e) => e.action === 'failed-sign-in'],
      ['resource type', { resourceType: 'user' }, (e) => e.resource.type === 'user'],
      ['resource id', { resourceId: otherId }, (e) => e.resource.id === otherId],
      ['resource', { resourceType: 'group', resourceId: groupId }, (e) => e.resource.id === groupId],
      ['outcome', { outcome: 'failure' }, (e) => e.outcome === 'failure'],
      ['from', { from: middle.time }, (e) => e.time >= middle.time],
      ['to', { to: middle.time }, (e) => e.time <= middle.time],
      ['from and to', { from: middle.time, to: middle.time }, (e) => e.time === middle.time],
    ];
    for (const [name, query, holds] of filters) {
      const found = await everyEvent(api, admin, query);
      expect(found.length, name).toBeGreaterThan(0);
      expect(found.length, name).toBeLessThan(all.length);
      expect(found.every(holds), name).toBe(true);
      // Exactly the events of the whole trail that hold, in the same order.
      expect(
        found.map((e) => e.id),
        name,
      ).toEqual(all.filter(holds).map((e) => e.id));
    }
    const failed = await everyEvent(api, admin, { outcome: 'failure' });
    expect(failed[0]).toMatchObject({
      action: 'failed-sign-in',
      method: 'password',
      actor: { id: admin.userId },
    });
  });

  it('pages by cursor through every event exactly once, newest first, while new ones arrive', async () => {
    const admin = await createTenantWithUser(t);
    const roleId = await insertRole(t, admin.tenantId, 'Pagers');
    for (let i = 0; i < 12; i++) await createGroup(t, admin, { name: `Group ${i}`, roleId });
    const before = (
      await api.call(admin, auditEndpoints.list, { query: { limit: AUDIT_MAX_PAGE_SIZE } })
    ).result();
    expect(before.nextCursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await api.call(admin, auditEndpoints.list, { query: { limit: 5, cursor } })).result();
      expect(page.events.length).toBeLessThanOrEqual(5);
      seen.push(...page.events.map((event) => event.id));
      cursor = page.nextCursor ?? undefined;
      // Newer events go to the top, never into the pages still to come.
      await createGroup(t, admin, { name: `New group ${seen.length}`, roleId });
    } while (cursor);
    expect(seen).toEqual(before.events.map((event) => event.id));
    const seqs = before.events.map((event) => event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(seqs.at(-1)).toBe(1);
  });

  it("never shows another tenant's events", async () => {
    const a = await tenantWithHistory();
    const b = await createTenantWithUser(t);
    await createGroup(t, b, { name: 'Their group', roleId: await insertRole(t, b.tenantId, 'Theirs') });
    const theirs = new Set((await everyEvent(api, a.admin)).map((event) => event.id));
    const mine = await everyEvent(api, b);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((event) => theirs.has(event.id))).toBe(false);
    expect(await everyEvent(api, b, { resourceId: a.groupId })).toEqual([]);
    expect(await everyEvent(api, b, { actor: a.admin.userId })).toEqual([]);
    expect(await everyEvent(api, b, { actor: a.admin.email })).toEqual([]);
    // A cursor names a place in a trail, not a tenant: in b's it finds only b's events.
    const page = (
      await api.call(b, auditEndpoints.list, { query: { cursor: encodeAuditCursor(1_000_000) } })
    ).result();
    expect(page.events.every((event) => !theirs.has(event.id))).toBe(true);
  });

  it('is for administrators only', async () => {
    const admin = await createTenantWithUser(t);
    const member = await createTenantWithUser(t, { isAdmin: false, inTenant: admin.tenantId });
    await expectAdministratorsOnly(api, member, [
      ['GET', '/api/v1/audit-events', undefined],
      ['GET', '/api/v1/audit-events/export?format=csv', undefined],
      ['GET', `/api/v1/users/${admin.userId}/sign-ins`, undefined],
    ]);
  });

  it.each([
    ['cursor=abc!', 'cursor', MESSAGES.invalidCursor],
    [`cursor=${encodeAuditCursor(0)}`, 'cursor', MESSAGES.invalidCursor],
    ['cursor=eA', 'cursor', MESSAGES.invalidCursor],
    [`cursor=${'A'.repeat(41)}`, 'cursor', MESSAGES.invalidCursor],
    ['limit=0', 'limit', MESSAGES.auditLimitRange],
    ['limit=1000', 'limit', MESSAGES.auditLimitRange],
    ['limit=2.5', 'limit', MESSAGES.auditLimitRange],
    ['limit=many', 'limit', MESSAGES.auditLimitRange],
    ['from=yesterday', 'from', MESSAGES.auditDateInvalid],
    ['to=2026-13-01T00:00:00Z', 'to', MESSAGES.auditDateInvalid],
    ['from=2026-01-01', 'from', MESSAGES.auditDateInvalid],
    ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to', MESSAGES.auditDateOrder],
    ['outcome=maybe', 'outcome', MESSAGES.auditOutcomeInvalid],
    ['actor=nobody', 'actor', MESSAGES.auditActorInvalid],
    [`action=${'x'.repeat(65)}`, 'action', MESSAGES.auditActionInvalid],
    // Free text the trail never records: refused by name rather than answered with nothing.
    ['action=Renamed%20a%20group', 'action', MESSAGES.auditActionInvalid],
    ['action=UPDATE', 'action', MESSAGES.auditActionInvalid],
    ['actor=Ada%20Lovelace', 'actor', MESSAGES.auditActorInvalid],
  ])('refuses %s with the field named', async (search, field, message) => {
    const admin = await createTenantWithUser(t);
    for (const path of ['/api/v1/audit-events', '/api/v1/audit-events/export']) {
      const query = path.endsWith('export') ? `format=csv&${search}` : search;
      if (path.endsWith('export') && (field === 'cursor' || field === 'limit')) continue;
      const res = await api.send(admin, 'GET', `${path}?${query}`);
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      expect(res.json(), `${path}?${query}`).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { [field]: message },
      });
    }
  });
});
