import { groupEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { groups } from '../../db/schema/index.js';
import { createGroup, insertRole } from './groups.test-helpers.js';

/**
 * A save or a delete that comes while another request deletes the same group: it waits for that
 * delete and answers 404, never a 500 or a second delete event. Only PostgreSQL runs transactions side
 * by side (the embedded database takes them in turn).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a group deleted while another request changes it', () => {
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
});
