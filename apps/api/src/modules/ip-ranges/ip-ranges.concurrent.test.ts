import { ipRangeEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { ipRanges } from '../../db/schema/index.js';
import { createRange, OFFICE, OFFICE_RANGE } from './ip-ranges.test-helpers.js';

/**
 * A save or a delete that comes while another request deletes the same IP range waits for that delete
 * and answers 404, never a 500 or a second delete event. PostgreSQL only: the embedded database runs
 * one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an IP range deleted while another request changes it',
  () => {
    const t = useTestApp();
    const api = apiCaller(t, { from: OFFICE });

    /** The office's range, and another that goes away (the office stays permitted throughout). */
    const setup = async () => {
      const u = await createTenantWithUser(t);
      await createRange(t, u, { name: 'Head office', ...OFFICE_RANGE });
      const id = await createRange(t, u, {
        name: 'Branch',
        startIPAddress: '203.0.113.0',
        endIPAddress: '203.0.113.255',
      });
      return { u, id };
    };

    it('answers a save 404', async () => {
      const { u, id } = await setup();
      const saved = await answerDuringDelete(t, { tenantId: u.tenantId, table: ipRanges, id }, () =>
        api.call(u, ipRangeEndpoints.update, { params: { id }, body: { name: 'Too late' } }),
      );
      expect(saved.statusCode).toBe(404);
    });

    it('answers a second delete 404, without an audit event', async () => {
      const { u, id } = await setup();
      const removed = await answerDuringDelete(t, { tenantId: u.tenantId, table: ipRanges, id }, () =>
        api.call(u, ipRangeEndpoints.remove, { params: { id } }),
      );
      expect(removed.statusCode).toBe(404);
      expect(await auditedActions(t, u.tenantId, id)).toBe(0);
    });
  },
);
