import { mfaEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { mfaDevices } from '../../db/schema/index.js';

/**
 * A change or a delete that comes while another request deletes the same authenticator waits for that
 * delete and answers 404, never a 500 or a second delete event. PostgreSQL only: the embedded database
 * runs one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an authenticator deleted while another request changes it',
  () => {
    const t = useTestApp();
    const api = apiCaller(t);

    const setup = async () => {
      const u = await createTenantWithUser(t);
      const created = await api.call(u, mfaEndpoints.create, { body: { name: 'Going-away' } });
      return { u, id: created.result().id };
    };

    it('answers a rename 404', async () => {
      const { u, id } = await setup();
      const renamed = await answerDuringDelete(t, { tenantId: u.tenantId, table: mfaDevices, id }, () =>
        api.call(u, mfaEndpoints.rename, { params: { id }, body: { name: 'Too-late' } }),
      );
      expect(renamed.statusCode).toBe(404);
    });

    it('answers a second delete 404, without an audit event', async () => {
      const { u, id } = await setup();
      const removed = await answerDuringDelete(t, { tenantId: u.tenantId, table: mfaDevices, id }, () =>
        api.call(u, mfaEndpoints.remove, { params: { id } }),
      );
      expect(removed.statusCode).toBe(404);
      expect(await auditedActions(t, u.tenantId, id)).toBe(0);
    });
  },
);
