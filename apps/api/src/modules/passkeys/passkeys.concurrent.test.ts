import { passkeyEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { answerDuringDelete, auditedActions } from '../../../test/concurrent-delete.js';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator.js';
import { passkeys } from '../../db/schema/index.js';

const PASSWORD = 'Passkey-password1';

/**
 * A rename or a delete that comes while another request deletes the same passkey waits for that delete
 * and answers 404, never a 500 or a second delete event. PostgreSQL only: the embedded database runs
 * one transaction at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a passkey deleted while another request changes it', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const setup = async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const key = new SoftwareAuthenticator('localhost', t.config.publicUrl);
    const { options } = (await api.call(u, passkeyEndpoints.registrationOptions)).result();
    const created = await api.call(u, passkeyEndpoints.create, {
      body: { name: 'Going-away', response: key.register(options as { challenge: string }) },
    });
    return { u, id: created.result().passkey.id };
  };

  it('answers a rename 404', async () => {
    const { u, id } = await setup();
    const renamed = await answerDuringDelete(t, { tenantId: u.tenantId, table: passkeys, id }, () =>
      api.call(u, passkeyEndpoints.rename, { params: { id }, body: { name: 'Too-late' } }),
    );
    expect(renamed.statusCode).toBe(404);
  });

  it('answers a second delete 404, without an audit event', async () => {
    const { u, id } = await setup();
    const removed = await answerDuringDelete(t, { tenantId: u.tenantId, table: passkeys, id }, () =>
      api.call(u, passkeyEndpoints.remove, { params: { id }, body: { password: PASSWORD } }),
    );
    expect(removed.statusCode).toBe(404);
    expect(await auditedActions(t, u.tenantId, id)).toBe(0);
  });
});
