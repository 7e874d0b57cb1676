import { identityProviderEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { createTenantWithUser } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { identityProviders } from '../../db/schema/index.js';
import { createProvider, providerBody, useSsoApps } from '../sso/sso.test-helpers.js';

/**
 * A save or a delete that comes while another request deletes the same identity provider waits for
 * that delete and answers 404, never a 500 or a second delete event. A SAML provider's settings are
 * saved in the same flow, under the same lock. PostgreSQL only: the embedded database runs one
 * transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a provider deleted while another request changes it', () => {
  const { idp, t, api } = useSsoApps();

  const setup = async () => {
    const u = await createTenantWithUser(t);
    return { u, id: await createProvider(t, u, providerBody(idp.issuer)) };
  };

  it('answers a save 404', async () => {
    const { u, id } = await setup();
    const saved = await answerDuringDelete(t, { tenantId: u.tenantId, table: identityProviders, id }, () =>
      api.call(u, identityProviderEndpoints.update, { params: { id }, body: { name: 'Too late' } }),
    );
    expect(saved.statusCode).toBe(404);
  });

  it('answers a second delete 404, without an audit event', async () => {
    const { u, id } = await setup();
    const removed = await answerDuringDelete(t, { tenantId: u.tenantId, table: identityProviders, id }, () =>
      api.call(u, identityProviderEndpoints.remove, { params: { id } }),
    );
    expect(removed.statusCode).toBe(404);
    expect(await auditedActions(t, u.tenantId, id)).toBe(0);
  });
});
