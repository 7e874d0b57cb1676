import type { TestApp, TestUser } from '../../../test/app.js';
import { createApiToken } from '../api-tokens/api-tokens.test-helpers.js';

export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A SCIM client as an identity provider runs it: a bearer token, application/scim+json, no cookie. */
export function scimClient(t: TestApp, token: string) {
  return (method: Method, path: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/scim/v2${path}`,
      remoteAddress: '198.51.100.7',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
}

export type ScimClient = ReturnType<typeof scimClient>;

/** A SCIM token of the administrator's tenant and a client that sends it. */
export async function scimFor(t: TestApp, admin: TestUser, name = 'Okta provisioning') {
  const token = await createApiToken(t, admin, { scope: 'scim', name });
  return { token, scim: scimClient(t, token.token) };
}

/** The user Okta creates (its "Create Users" push). */
export const oktaUser = (email: string, externalId = `00u${Math.random().toString(36).slice(2, 12)}`) => ({
  schemas: [USER_SCHEMA],
  userName: email,
  name: { givenName: 'Grace', familyName: 'Hopper' },
  emails: [{ primary: true, value: email, type: 'work' }],
  displayName: 'Grace Hopper',
  locale: 'en-US',
  externalId,
  groups: [],
  password: 'never-stored-1A!',
  active: true,
});

export const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations });
