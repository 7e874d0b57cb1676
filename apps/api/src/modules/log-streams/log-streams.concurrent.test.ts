import { logStreamEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, createTestApp, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { logStreams } from '../../db/schema/index.js';

/**
 * A save or a delete that comes while another request deletes the same log stream waits for that
 * delete and answers 404, never a 500 or a second delete event. PostgreSQL only: the embedded database
 * runs one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a log stream deleted while another request changes it',
  () => {
    const t = useTestApp(() => createTestApp({ OUTBOUND_PRIVATE_NETWORKS: 'true' }));
    const api = apiCaller(t);

    const setup = async () => {
      const u = await createTenantWithUser(t);
      const created = await api.call(u, logStreamEndpoints.create, {
        body: {
          name: 'Going away',
          settings: { type: 'splunk', url: 'http://127.0.0.1:9/', token: 'HEC-token' },
          actions: [],
        },
      });
      return { u, id: created.result().id };
    };

    it('answers a save 404', async () => {
      const { u, id } = await setup();
      const saved = await answerDuringDelete(t, { tenantId: u.tenantId, table: logStreams, id }, () =>
        api.call(u, logStreamEndpoints.update, { params: { id }, body: { name: 'Too late' } }),
      );
      expect(saved.statusCode).toBe(404);
    });

    it('answers a second delete 404, without an audit event', async () => {
      const { u, id } = await setup();
      const removed = await answerDuringDelete(t, { tenantId: u.tenantId, table: logStreams, id }, () =>
        api.call(u, logStreamEndpoints.remove, { params: { id } }),
      );
      expect(removed.statusCode).toBe(404);
      expect(await auditedActions(t, u.tenantId, id)).toBe(0);
    });
  },
);
