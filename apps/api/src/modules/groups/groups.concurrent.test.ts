import { groupEndpoints } from '@skyvault/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { signal } from '../../../test/signal.js';
import { auditEvents, groups } from '../../db/schema/index.js';
import { createGroup, insertRole } from './groups.test-helpers.js';

/**
 * A save or a delete that comes while another request deletes the same group: it waits for that
 * delete and answers 404, never a 500 or a second delete event. Only PostgreSQL runs transactions side
 * by side (the embedded database takes them in turn).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a group deleted while another request changes it', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  /** Deletes the group in a transaction held open until `commit()`. */
  async function deleting(u: TestUser, id: string) {
    const committed = signal();
    const deleted = signal();
    const holder = t.database.tenant(u.tenantId, async (tx) => {
      await tx.delete(groups).where(and(eq(groups.tenantId, u.tenantId), eq(groups.id, id)));
      deleted.fire();
      await committed.fired;
    });
    await deleted.fired;
    return { commit: committed.fire, holder };
  }

  /** Until a statement waits for a row lock, so that the request is known to be behind the delete. */
  async function untilWaiting() {
    for (let tries = 0; tries < 200; tries++) {
      const result = (await t.database.system((tx) =>
        tx.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`),
      )) as unknown as { rows: { n: number }[] };
      if (result.rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no request waited for the deleted group');
  }

  const setup = async () => {
    const u = await createTenantWithUser(t);
    const roleId = await insertRole(t, u.tenantId, 'Role');
    return { u, id: await createGroup(t, u, { name: 'Going away', roleId }) };
  };

  it('answers a save 404', async () => {
    const { u, id } = await setup();
    const { commit, holder } = await deleting(u, id);
    const saved = api.call(u, groupEndpoints.update, { params: { id }, body: { description: 'Too late' } });
    await untilWaiting();
    commit();
    await holder;
    expect((await saved).statusCode).toBe(404);
  });

  it('answers a second delete 404, without an audit event', async () => {
    const { u, id } = await setup();
    const { commit, holder } = await deleting(u, id);
    const removed = api.call(u, groupEndpoints.remove, { params: { id } });
    await untilWaiting();
    commit();
    await holder;
    expect((await removed).statusCode).toBe(404);
    const events = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, id), eq(auditEvents.action, 'delete'))),
    );
    expect(events).toHaveLength(0);
  });
});
