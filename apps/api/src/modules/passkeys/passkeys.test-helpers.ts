import { passkeyEndpoints } from '@skyvault/contract';
import { expect } from 'vitest';
import type { ApiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestApp } from '../../../test/app.js';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator.js';

type Options = { challenge: string };

/** A member of a new tenant with one passkey ("Work-key"), the tenant's administrator, and the key. */
export async function memberWithPasskey(t: TestApp, api: ApiCaller) {
  const admin = await createTenantWithUser(t);
  const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
  const key = new SoftwareAuthenticator('localhost', t.config.publicUrl);
  const options = (await api.call(member, passkeyEndpoints.registrationOptions)).result().options;
  const created = await api.call(member, passkeyEndpoints.create, {
    body: { name: 'Work-key', response: key.register(options as Options) },
  });
  expect(created.statusCode).toBe(201);
  return { admin, member, key };
}

/** The passwordless sign-in from the login page's first step, answered by this key. */
export async function passkeySignIn(api: ApiCaller, key: SoftwareAuthenticator) {
  const options = (await api.call(null, passkeyEndpoints.loginOptions)).result().options as Options;
  return api.call(null, passkeyEndpoints.login, { body: { response: key.assert(options) } });
}
