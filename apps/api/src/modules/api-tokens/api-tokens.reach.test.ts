import {
  API_TOKEN_MESSAGES,
  applicationEndpoints,
  authPolicyEndpoints,
  MASKED_SECRET,
  userEndpoints,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { users } from '../../db/schema/index.js';
import { createApiToken, withToken } from './api-tokens.test-helpers.js';

const PASSWORD = 'Known-password-42';
let counter = 0;
const newUser = (extra: Record<string, unknown> = {}) => {
  counter += 1;
  return { firstName: 'Eve', lastName: `Token ${counter}`, email: `eve${counter}@example.com`, ...extra };
};

/**
 * A leaked `admin` token must leave nothing behind once it is revoked: it cannot give anyone a
 * password or administrator rights, reset a factor, or change how people sign in. The access test
 * (test/access.test.ts) walks every `sessionOnly` endpoint; these are the attacks one by one.
 */
describe('what an admin token cannot do', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  async function setUp() {
    const admin = await createTenantWithUser(t);
    const { token } = await createApiToken(t, admin, { scope: 'admin' });
    return { admin, token };
  }

  const refused = (res: { statusCode: number; json: () => unknown }, message: string) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_ACCESS', message });
  };

  const userByEmail = (admin: TestUser, email: string) =>
    t.database.tenant(admin.tenantId, async (tx) => {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.tenantId, admin.tenantId), eq(users.email, email)));
      return row ?? null;
    });

  it('creates no administrator, and no user with a known password', async () => {
    const { admin, token } = await setUp();
    const asAdmin = newUser({ isAdmin: true });
    refused(
      await withToken(t, token, { method: 'POST', url: '/api/v1/users', payload: asAdmin }),
      API_TOKEN_MESSAGES.adminNeedsPerson,
    );
    const withPassword = newUser({ password: PASSWORD });
    refused(
      await withToken(t, token, { method: 'POST', url: '/api/v1/users', payload: withPassword }),
      API_TOKEN_MESSAGES.passwordNeedsPerson,
    );
    expect(await userByEmail(admin, asAdmin.email)).toBeNull();
    expect(await userByEmail(admin, withPassword.email)).toBeNull();

    // Without either, the user is invited by e-mail and sets their own password.
    const invited = newUser({ isAdmin: false });
    const res = await withToken(t, token, { method: 'POST', url: '/api/v1/users', payload: invited });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isAdmin: false, status: 'WaitConfirmation' });
  });

  it("neither sets a user's password nor makes them an administrator", async () => {
    const { admin, token } = await setUp();
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const url = `/api/v1/users/${member.userId}`;
    refused(
      await withToken(t, token, { method: 'PATCH', url, payload: { password: PASSWORD } }),
      API_TOKEN_MESSAGES.passwordNeedsPerson,
    );
    refused(
      await withToken(t, token, { method: 'PATCH', url, payload: { isAdmin: true } }),
      API_TOKEN_MESSAGES.adminNeedsPerson,
    );
    const row = await userByEmail(admin, member.email);
    expect(row).toMatchObject({ isAdmin: false, passwordHash: null });

    // Other changes of the same user go through.
    const renamed = await withToken(t, token, {
      method: 'PATCH',
      url,
      payload: { firstName: 'Renamed', isAdmin: false },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ firstName: 'Renamed', isAdmin: false });
  });

  it("changes no administrator's address (a reset link there would give the account away)", async () => {
    const { admin, token } = await setUp();
    const other = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: true });
    refused(
      await withToken(t, token, {
        method: 'PATCH',
        url: `/api/v1/users/${other.userId}`,
        payload: { email: 'attacker@evil.example' },
      }),
      API_TOKEN_MESSAGES.adminAddressNeedsPerson,
    );
    expect(await userByEmail(admin, other.email)).toMatchObject({ isAdmin: true });
    expect(await userByEmail(admin, 'attacker@evil.example')).toBeNull();

    // A member's address may change by token: the old address is told, the new one held until proven.
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const moved = await withToken(t, token, {
      method: 'PATCH',
      url: `/api/v1/users/${member.userId}`,
      payload: { email: `moved-${member.userId}@example.com` },
    });
    expect(moved.statusCode).toBe(200);
  });

  it('sends no reset link and resets no factor', async () => {
    const { admin, token } = await setUp();
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const reset = await withToken(t, token, {
      method: 'POST',
      url: `/api/v1/users/password/${member.userId}/reset`,
      payload: {},
    });
    refused(reset, API_TOKEN_MESSAGES.sessionOnly);
    expect(await userByEmail(admin, member.email)).toMatchObject({ status: 'Confirmed' });

    const mfaReset = await withToken(t, token, {
      method: 'DELETE',
      url: `/api/v1/users/${member.userId}/mfa`,
    });
    refused(mfaReset, API_TOKEN_MESSAGES.sessionOnly);

    // Ending a user's sessions contains an intruder and stays open to tokens; removing their passkeys
    // with them is an MFA reset.
    const sessions = `/api/v1/users/${member.userId}/sessions`;
    refused(
      await withToken(t, token, { method: 'DELETE', url: sessions, payload: { removePasskeys: true } }),
      API_TOKEN_MESSAGES.mfaResetNeedsPerson,
    );
    expect((await withToken(t, token, { method: 'DELETE', url: sessions })).statusCode).toBe(204);
  });

  it('leaves the MFA policy, identity providers, network access and webhooks alone', async () => {
    const { admin, token } = await setUp();
    await api.call(admin, authPolicyEndpoints.update, { body: { mfaPolicy: 'everyone', mfaGraceDays: 7 } });
    const attempts = [
      { method: 'PATCH', url: '/api/v1/auth-policy', payload: { mfaPolicy: 'off' } },
      {
        method: 'POST',
        url: '/api/v1/identity-providers',
        payload: {
          name: 'Intruder IdP',
          type: 'OpenId',
          providerData: { clientId: 'x', clientSecret: 'y', issuer: 'https://idp.example.com' },
        },
      },
      {
        method: 'POST',
        url: '/api/v1/ip-ranges',
        payload: { name: 'Anywhere', startIPAddress: '0.0.0.0', endIPAddress: '255.255.255.255' },
      },
      {
        method: 'POST',
        url: '/api/v1/webhooks',
        payload: { url: 'https://hooks.example.com/in', events: ['user.created'] },
      },
    ] as const;
    for (const attempt of attempts) {
      refused(await withToken(t, token, attempt), API_TOKEN_MESSAGES.sessionOnly);
    }
    expect((await api.call(admin, authPolicyEndpoints.get)).result().mfaPolicy).toBe('everyone');
    for (const url of ['/api/v1/identity-providers', '/api/v1/ip-ranges', '/api/v1/webhooks']) {
      const listed = await withToken(t, token, { method: 'GET', url });
      expect(listed.statusCode, url).toBe(200);
      expect(listed.json().total, url).toBe(0);
    }
  });

  it('a signed-in administrator still makes each of these changes', async () => {
    const admin = await createTenantWithUser(t);
    const created = await api.call(admin, userEndpoints.create, {
      body: { ...newUser(), password: PASSWORD, isAdmin: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.result()).toMatchObject({ isAdmin: true, status: 'Confirmed' });
  });
});

describe('what a read token sees of secrets', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  it("gets a connected app's client secret masked, in the list and in the app", async () => {
    const admin = await createTenantWithUser(t);
    const app = (await api.call(admin, applicationEndpoints.create, { body: { name: 'Reports' } })).result();
    expect(app.clientSecret).not.toBe(MASKED_SECRET);
    const read = (await createApiToken(t, admin, { scope: 'read' })).token;
    const adminToken = (await createApiToken(t, admin, { scope: 'admin' })).token;

    const one = await withToken(t, read, { method: 'GET', url: `/api/v1/applications/${app.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: app.id, clientId: app.clientId, clientSecret: MASKED_SECRET });
    const list = await withToken(t, read, { method: 'GET', url: '/api/v1/applications' });
    expect(list.json().applications).toMatchObject([{ id: app.id, clientSecret: MASKED_SECRET }]);
    expect(one.body + list.body).not.toContain(app.clientSecret);

    // An admin token may regenerate the secret, so it reads it too; so does the signed-in administrator.
    const asAdmin = await withToken(t, adminToken, { method: 'GET', url: `/api/v1/applications/${app.id}` });
    expect(asAdmin.json().clientSecret).toBe(app.clientSecret);
    const signedIn = await api.call(admin, applicationEndpoints.get, { params: { id: app.id } });
    expect(signedIn.result().clientSecret).toBe(app.clientSecret);
  });
});
