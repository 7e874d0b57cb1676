import { applicationEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { applications } from '../../db/schema/index.js';
import { createApp } from './applications.test-helpers.js';

/**
 * A save or a delete that comes while another request deletes the same connected app waits for that
 * delete and answers 404, never a 500 or a second delete event. PostgreSQL only: the embedded database
 * runs one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('an app deleted while another request changes it', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const setup = async () => {
    const u = await createTenantWithUser(t);
    return { u, id: (await createApp(t, u, 'Going away')).id };
  };

  it('answers a save 404', async () => {
    const { u, id } = await setup();
    const saved = await answerDuringDelete(t, { tenantId: u.tenantId, table: applications, id }, () =>
      api.call(u, applicationEndpoints.update, { params: { id }, body: { name: 'Too late' } }),
    );
    expect(saved.statusCode).toBe(404);
  });

  it('answers a second delete 404, without an audit event', async () => {
    const { u, id } = await setup();
    const removed = await answerDuringDelete(t, { tenantId: u.tenantId, table: applications, id }, () =>
      api.call(u, applicationEndpoints.remove, { params: { id } }),
    );
    expect(removed.statusCode).toBe(404);
    expect(await auditedActions(t, u.tenantId, id)).toBe(0);
  });
});
