import { domainEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { verifiedDomains } from '../../db/schema/index.js';
import { addDomain } from './domains.test-helpers.js';

/**
 * A delete that comes while another request deletes the same domain waits for that delete and answers
 * 404, never a second delete event. (Verify takes the row first already.) PostgreSQL only: the embedded
 * database runs one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a domain deleted while another request deletes it', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  it('answers the second delete 404, without an audit event', async () => {
    const u = await createTenantWithUser(t);
    const { id } = await addDomain(t, u, 'going.example.com');
    const removed = await answerDuringDelete(t, { tenantId: u.tenantId, table: verifiedDomains, id }, () =>
      api.call(u, domainEndpoints.remove, { params: { id } }),
    );
    expect(removed.statusCode).toBe(404);
    expect(await auditedActions(t, u.tenantId, id)).toBe(0);
  });
});
