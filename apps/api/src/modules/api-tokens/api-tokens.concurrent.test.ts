import { apiTokenEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { apiTokens } from '../../db/schema/index.js';
import { createApiToken } from './api-tokens.test-helpers.js';

/**
 * A revocation that comes while another request revokes the same token waits for it and answers 404,
 * never a second revoke event. (A token is never edited.) PostgreSQL only: the embedded database runs
 * one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a token revoked by two requests at once', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  it('answers the second revocation 404, without an audit event', async () => {
    const u = await createTenantWithUser(t);
    const { id } = await createApiToken(t, u);
    const revoked = await answerDuringDelete(t, { tenantId: u.tenantId, table: apiTokens, id }, () =>
      api.call(u, apiTokenEndpoints.revoke, { params: { id } }),
    );
    expect(revoked.statusCode).toBe(404);
    expect(await auditedActions(t, u.tenantId, id, 'revoke')).toBe(0);
  });
});
