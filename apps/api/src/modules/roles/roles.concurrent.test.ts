import { roleEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { roles } from '../../db/schema/index.js';
import { createRole, permissionsBody, seedConnections } from './roles.test-helpers.js';

/**
 * A save (of the role or of its permissions) or a delete that comes while another request deletes the
 * same role waits for that delete and answers 404, never a 500 or a second delete event. PostgreSQL
 * only: the embedded database runs one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a role deleted while another request changes it', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const setup = async () => {
    const u = await createTenantWithUser(t);
    return { u, id: await createRole(t, u, 'Going away') };
  };

  it('answers a save 404', async () => {
    const { u, id } = await setup();
    const saved = await answerDuringDelete(t, { tenantId: u.tenantId, table: roles, id }, () =>
      api.call(u, roleEndpoints.update, { params: { id }, body: { name: 'Too late' } }),
    );
    expect(saved.statusCode).toBe(404);
  });

  it('answers a save of its permissions 404', async () => {
    const { u, id } = await setup();
    const [connection] = await seedConnections(t, u.tenantId, ['Production org']);
    const body = permissionsBody(
      { backupFullAccess: true, devopsReadAccess: true },
      { backup: [{ id: connection!, restore: true }] },
    );
    const saved = await answerDuringDelete(t, { tenantId: u.tenantId, table: roles, id }, () =>
      api.send(u, 'PATCH', `/api/v1/roles/${id}/permissions`, body),
    );
    expect(saved.statusCode).toBe(404);
  });

  it('answers a second delete 404, without an audit event', async () => {
    const { u, id } = await setup();
    const removed = await answerDuringDelete(t, { tenantId: u.tenantId, table: roles, id }, () =>
      api.call(u, roleEndpoints.remove, { params: { id } }),
    );
    expect(removed.statusCode).toBe(404);
    expect(await auditedActions(t, u.tenantId, id)).toBe(0);
  });
});
