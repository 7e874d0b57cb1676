import {
  GROUP_MAPPING_MESSAGES,
  groupMappingEndpoints,
  MAX_GROUP_RULES,
  NOT_FOUND,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTenantWithUser, type TestUser } from '../../../test/app.js';
import { auditEvents } from '../../db/schema/index.js';
import { createGroup, insertRole } from '../groups/groups.test-helpers.js';
import { createProvider, providerBody, useSsoApps } from '../sso/sso.test-helpers.js';

describe("an identity provider's group mapping rules", () => {
  const { idp, t, api } = useSsoApps();

  async function setUp() {
    const admin = await createTenantWithUser(t);
    const roleId = await insertRole(t, admin.tenantId, 'Viewer');
    const admins = await createGroup(t, admin, { name: 'Backup admins', roleId });
    const viewers = await createGroup(t, admin, { name: 'Viewers', roleId });
    const providerId = await createProvider(t, admin, providerBody(idp.issuer));
    return { admin, admins, viewers, providerId };
  }
  const get = (u: TestUser, id: string) => api.call(u, groupMappingEndpoints.get, { params: { id } });
  const put = (u: TestUser, id: string, rules: unknown[]) =>
    api.send(u, 'PUT', `/api/v1/identity-providers/${id}/group-mapping`, { rules });

  it('replaces the ordered list, reads it back in order, and audits the change', async () => {
    const { admin, admins, viewers, providerId } = await setUp();
    expect((await get(admin, providerId)).result()).toEqual({ rules: [] });

    const rules = [
      { claim: 'groups', operator: 'contains', value: 'sf-backup-admins', groupId: admins },
      { claim: 'department', operator: 'equals', value: 'Finance', groupId: viewers },
    ];
    const saved = await put(admin, providerId, rules);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ rules });
    expect((await get(admin, providerId)).result()).toEqual({ rules });

    // Reordered and one removed: the list is the new one, whole.
    const reordered = [{ ...rules[1]!, value: '  Finance ' }, rules[0]!];
    expect((await put(admin, providerId, reordered)).json().rules[0].value).toBe('Finance');
    expect((await get(admin, providerId)).result().rules.map((r) => r.claim)).toEqual([
      'department',
      'groups',
    ]);
    expect((await put(admin, providerId, [])).statusCode).toBe(200);
    expect((await get(admin, providerId)).result()).toEqual({ rules: [] });

    const events = await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, providerId), eq(auditEvents.action, 'update')))
        .orderBy(auditEvents.seq),
    );
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({
      actorId: admin.userId,
      targetType: 'identity-provider',
      changes: { groupMapping: { before: [], after: rules } },
    });
  });

  it('reports each rule field with its message, and refuses another tenant’s group', async () => {
    const { admin, admins, providerId } = await setUp();
    const bad = await put(admin, providerId, [
      { claim: ' ', operator: 'startsWith', value: '', groupId: '' },
      { claim: 'groups', operator: 'contains', value: 'a\tb', groupId: admins },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        'rules.0.claim': GROUP_MAPPING_MESSAGES.claimRequired,
        'rules.0.operator': GROUP_MAPPING_MESSAGES.operatorInvalid,
        'rules.0.value': GROUP_MAPPING_MESSAGES.valueRequired,
        'rules.0.groupId': GROUP_MAPPING_MESSAGES.groupRequired,
        'rules.1.value': GROUP_MAPPING_MESSAGES.controlCharacters,
      },
    });
    const tooMany = Array.from({ length: MAX_GROUP_RULES + 1 }, (_, i) => ({
      claim: 'groups',
      operator: 'contains',
      value: `g${i}`,
      groupId: admins,
    }));
    expect((await put(admin, providerId, tooMany)).json().fields).toEqual({
      rules: GROUP_MAPPING_MESSAGES.tooManyRules,
    });

    const stranger = await createTenantWithUser(t);
    const theirGroup = await createGroup(t, stranger, {
      name: 'Their group',
      roleId: await insertRole(t, stranger.tenantId, 'Theirs'),
    });
    const foreign = await put(admin, providerId, [
      { claim: 'groups', operator: 'contains', value: 'x', groupId: admins },
      { claim: 'groups', operator: 'contains', value: 'y', groupId: theirGroup },
    ]);
    // As for any reference to another tenant's record: not found, at the field.
    expect(foreign.statusCode).toBe(404);
    expect(Object.keys(foreign.json().fields)).toEqual(['rules.1.groupId']);
    expect((await get(admin, providerId)).result()).toEqual({ rules: [] });
  });

  it("answers 404 for another tenant's provider, 403 to non-admins and 401 without a session", async () => {
    const { admin, admins, providerId } = await setUp();
    const rules = [{ claim: 'groups', operator: 'contains', value: 'x', groupId: admins }];
    await put(admin, providerId, rules);

    const other = await createTenantWithUser(t);
    const read = await get(other, providerId);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe(NOT_FOUND.identityProvider);
    expect((await put(other, providerId, [])).statusCode).toBe(404);
    expect((await get(admin, providerId)).result()).toEqual({ rules });

    const member = await createTenantWithUser(t, { isAdmin: false, inTenant: admin.tenantId });
    for (const res of [await get(member, providerId), await put(member, providerId, [])]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_ACCESS');
    }
    const url = `/api/v1/identity-providers/${providerId}/group-mapping`;
    expect((await call(t, { method: 'GET', url })).statusCode).toBe(401);
    expect((await get(admin, providerId)).result()).toEqual({ rules });
  });
});
