import { groupEndpoints, licenseEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions, holdTransaction } from '../../../test/concurrent-delete.js';
import { groups, licenses, users } from '../../db/schema/index.js';
import { seedUser } from '../roles/roles.test-helpers.js';
import { createGroup, insertRole } from './groups.test-helpers.js';

/**
 * Changes of a group side by side. A save or a delete that comes while another request deletes the
 * group waits for that delete and answers 404, never a 500 or a second delete event; a save's lock on
 * the group lets another change put a user into it. Only PostgreSQL runs transactions side by side (the
 * embedded database takes them in turn).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a group changed by two requests at once', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const setup = async () => {
    const u = await createTenantWithUser(t);
    const roleId = await insertRole(t, u.tenantId, 'Role');
    return { u, id: await createGroup(t, u, { name: 'Going away', roleId }) };
  };

  it('answers a save 404', async () => {
    const { u, id } = await setup();
    const saved = await answerDuringDelete(t, { tenantId: u.tenantId, table: groups, id }, () =>
      api.call(u, groupEndpoints.update, { params: { id }, body: { description: 'Too late' } }),
    );
    expect(saved.statusCode).toBe(404);
  });

  it('answers a second delete 404, without an audit event', async () => {
    const { u, id } = await setup();
    const removed = await answerDuringDelete(t, { tenantId: u.tenantId, table: groups, id }, () =>
      api.call(u, groupEndpoints.remove, { params: { id } }),
    );
    expect(removed.statusCode).toBe(404);
    expect(await auditedActions(t, u.tenantId, id)).toBe(0);
  });

  it('lets a user join the group while its save waits for the seats that change holds', async () => {
    const { u, id } = await setup();
    await api.call(u, licenseEndpoints.enableTrial, { body: { product: 'devOps' } });
    const joining = await seedUser(t, u.tenantId);
    // Another change of seats: the licence locked first, then a user put into the group.
    const seats = await holdTransaction(t, u.tenantId, (tx) =>
      tx
        .select()
        .from(licenses)
        .where(and(eq(licenses.tenantId, u.tenantId), eq(licenses.product, 'Devops')))
        .for('update'),
    );
    const saved = api.call(u, groupEndpoints.update, { params: { id }, body: { description: 'Saved' } });
    await seats.untilBlocking(saved);
    await seats.commit((tx) =>
      tx
        .update(users)
        .set({ groupId: id })
        .where(and(eq(users.tenantId, u.tenantId), eq(users.id, joining.userId))),
    );
    expect((await saved).statusCode).toBe(200);
  });
});
