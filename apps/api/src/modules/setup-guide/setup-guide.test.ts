import { SETUP_GUIDE_MESSAGES, type SetupGuide, setupGuideEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents, groups, setupGuides } from '../../db/schema/index.js';
import { seedConnections, seedStorage } from '../connections/connections.test-helpers.js';
import { insertRole } from '../groups/groups.test-helpers.js';

const stepsOf = (guide: SetupGuide) => Object.fromEntries(guide.steps.map((step) => [step.key, step.done]));

describe('setup guide', () => {
  const t = useTestApp();
  const api = apiCaller(t);
  const guideOf = async (u: TestUser) => (await api.call(u, setupGuideEndpoints.get)).result();

  it('starts with every step to do, in order, the storage step only for Backup organizations', async () => {
    const backup = await createTenantWithUser(t, { services: ['backup', 'devOps'] });
    expect(await guideOf(backup)).toEqual({
      steps: [
        { key: 'connectSalesforce', done: false },
        { key: 'addStorage', done: false },
        { key: 'createRole', done: false },
        { key: 'createGroup', done: false },
        { key: 'inviteUsers', done: false },
      ],
      complete: false,
      dismissed: false,
    });
    const devOps = await createTenantWithUser(t, { services: ['devOps'] });
    expect((await guideOf(devOps)).steps.map((step) => step.key)).toEqual([
      'connectSalesforce',
      'createRole',
      'createGroup',
      'inviteUsers',
    ]);
  });

  it('ticks each step off from the real data, and is complete when all are done', async () => {
    const admin = await createTenantWithUser(t, { services: ['backup'] });
    // A connection whose Salesforce login has not gone through connects nothing yet.
    await seedConnections(t, admin, [
      { name: 'pending-org', organizationType: 'Production', createdAt: new Date() },
    ]);
    expect(stepsOf(await guideOf(admin)).connectSalesforce).toBe(false);
    await seedConnections(t, admin, [
      { name: 'live-org', organizationType: 'Sandbox', username: 'a@org.example', createdAt: new Date() },
    ]);
    expect(stepsOf(await guideOf(admin))).toEqual({
      connectSalesforce: true,
      addStorage: false,
      createRole: false,
      createGroup: false,
      inviteUsers: false,
    });

    await seedStorage(t, admin.tenantId, 'own-storage');
    const roleId = await insertRole(t, admin.tenantId, 'Backup operators');
    expect(stepsOf(await guideOf(admin))).toMatchObject({
      addStorage: true,
      createRole: true,
      createGroup: false,
    });
    await t.database.tenant(admin.tenantId, (tx) =>
      tx.insert(groups).values({ tenantId: admin.tenantId, name: 'Operators', roleId }),
    );
    expect((await guideOf(admin)).complete).toBe(false);

    await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const done = await guideOf(admin);
    expect(done.steps.every((step) => step.done)).toBe(true);
    expect(done.complete).toBe(true);
  });

  it("counts the platform's shared storages as somewhere for backups to go", async () => {
    const admin = await createTenantWithUser(t, { services: ['backup'] });
    await seedStorage(t, null, `shared-${admin.tenantId.slice(0, 8)}`);
    expect(stepsOf(await guideOf(admin)).addStorage).toBe(true);
  });

  it("keeps organizations apart: another's data ticks nothing off, its dismissal hides nothing", async () => {
    // DevOps organizations: a shared storage of another test would count for every Backup one.
    const other = await createTenantWithUser(t, { services: ['devOps'] });
    await seedConnections(t, other, [
      { name: 'other-org', organizationType: 'Production', username: 'o@org.example', createdAt: new Date() },
    ]);
    await insertRole(t, other.tenantId, 'Other role');
    await createTenantWithUser(t, { inTenant: other.tenantId, isAdmin: false });
    await api.call(other, setupGuideEndpoints.update, { body: { dismissed: true } });

    const mine = await createTenantWithUser(t, { services: ['devOps'] });
    const guide = await guideOf(mine);
    expect(guide.dismissed).toBe(false);
    expect(guide.steps.filter((step) => step.done)).toEqual([]);
    expect((await guideOf(other)).dismissed).toBe(true);
  });

  it('is hidden for the whole organization, persisted and audited, and can be shown again', async () => {
    const admin = await createTenantWithUser(t);
    const colleague = await createTenantWithUser(t, { inTenant: admin.tenantId });
    const hidden = (
      await api.call(admin, setupGuideEndpoints.update, { body: { dismissed: true } })
    ).result();
    expect(hidden.dismissed).toBe(true);
    expect((await guideOf(colleague)).dismissed).toBe(true);
    const [row] = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(setupGuides).where(eq(setupGuides.tenantId, admin.tenantId)),
    );
    expect(row?.dismissed).toBe(true);

    // The same answer again changes nothing and writes no second event.
    await api.call(admin, setupGuideEndpoints.update, { body: { dismissed: true } });
    await api.call(colleague, setupGuideEndpoints.update, { body: { dismissed: false } });
    expect((await guideOf(admin)).dismissed).toBe(false);

    const events = await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetType, 'setup-guide'), eq(auditEvents.action, 'update')))
        .orderBy(auditEvents.seq),
    );
    expect(events.map((event) => [event.actorId, event.changes])).toEqual([
      [admin.userId, { dismissed: { before: false, after: true } }],
      [colleague.userId, { dismissed: { before: true, after: false } }],
    ]);
  });

  it('refuses a body without a yes or no, with the message per field', async () => {
    const admin = await createTenantWithUser(t);
    for (const [body, message] of [
      [{}, SETUP_GUIDE_MESSAGES.dismissedRequired],
      [{ dismissed: 'yes' }, SETUP_GUIDE_MESSAGES.dismissedInvalid],
    ] as const) {
      const res = await api.send(admin, 'PATCH', '/api/v1/setup-guide', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { dismissed: message } });
    }
  });

  it('is for administrators only', async () => {
    const member = await createTenantWithUser(t, { isAdmin: false });
    for (const res of [
      await api.call(member, setupGuideEndpoints.get),
      await api.call(member, setupGuideEndpoints.update, { body: { dismissed: true } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_ACCESS' });
    }
    expect((await api.call(null, setupGuideEndpoints.get)).statusCode).toBe(401);
  });
});
