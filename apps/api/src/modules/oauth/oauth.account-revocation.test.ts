import { userEndpoints } from '@skyvault/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import {
  authorizationRequest,
  CookieJar,
  client,
  consoleLogin,
  insertApplication,
  navigate,
  startOAuthApp,
  type TestClient,
} from '../../../test/oauth-client.js';
import { revokeAccountData } from './revocation.js';

const PASSWORD = 'Revoked-with-user-pw1';

/** Tokens of connected apps end with the user's access: disabled, deleted or reset by an administrator. */
describe('authorization server: tokens of a user who lost access', () => {
  const t = useTestApp(() => startOAuthApp());
  const api = apiCaller(t);
  let admin: TestUser;
  let app: TestClient;
  let counter = 0;

  beforeAll(async () => {
    admin = await createTenantWithUser(t, { password: PASSWORD });
    app = await insertApplication(t, admin.tenantId);
  });

  /** A user of the tenant who signed in to the app, with the app's access and refresh tokens. */
  async function userWithTokens() {
    counter += 1;
    const email = `member${counter}@revocation.example`;
    const created = await api.call(admin, userEndpoints.create, {
      body: {
        firstName: 'Member',
        lastName: `No ${counter}`,
        email,
        password: PASSWORD,
      },
    });
    expect(created.statusCode).toBe(201);
    const jar = new CookieJar();
    await consoleLogin(t, jar, { tenantName: admin.tenantName, email, password: PASSWORD });
    const { config, url, exchange } = await authorizationRequest(t, app, {
      scope: 'openid offline_access',
      prompt: 'consent',
    });
    const tokens = await exchange((await navigate(t, jar, url)).url);
    expect((await client.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
    return { id: created.json().id as string, config, tokens };
  }

  async function expectRevoked({ config, tokens }: Awaited<ReturnType<typeof userWithTokens>>) {
    expect((await client.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    expect((await client.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(false);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  }

  it('revokes them when an administrator disables the user', async () => {
    const member = await userWithTokens();
    const other = await userWithTokens();
    expect(
      (
        await api.call(admin, userEndpoints.update, {
          params: { id: member.id },
          body: { status: 'Disabled' },
        })
      ).statusCode,
    ).toBe(200);
    await expectRevoked(member);
    // Only that user's: the other user's tokens still work.
    expect((await client.tokenIntrospection(other.config, other.tokens.access_token)).active).toBe(true);
  });

  it('revokes them when an administrator deletes the user', async () => {
    const member = await userWithTokens();
    expect((await api.call(admin, userEndpoints.remove, { params: { id: member.id } })).statusCode).toBe(204);
    await expectRevoked(member);
  });

  it("revokes them when an administrator resets the user's password", async () => {
    const member = await userWithTokens();
    expect(
      (await api.call(admin, userEndpoints.resetPassword, { params: { id: member.id } })).statusCode,
    ).toBe(204);
    await expectRevoked(member);
  });

  it('revokes them when an administrator sets a new password for the user', async () => {
    const member = await userWithTokens();
    const changed = await api.call(admin, userEndpoints.update, {
      params: { id: member.id },
      body: { password: 'Brand-new-pw-42' },
    });
    expect(changed.statusCode).toBe(200);
    await expectRevoked(member);
  });

  it("revokes them when an administrator resets the user's password", async () => {
    const member = await userWithTokens();
    const other = await userWithTokens();
    const reset = await call(t, {
      method: 'POST',
      url: `/api/v1/users/password/${member.id}/reset`,
      cookie: admin.cookie,
    });
    expect(reset.statusCode).toBe(204);
    await expectRevoked(member);
    expect((await client.tokenIntrospection(other.config, other.tokens.access_token)).active).toBe(true);
  });

  it('cannot revoke a user of another tenant by naming their id', async () => {
    const member = await userWithTokens();
    const stranger = await createTenantWithUser(t);
    const removed = await t.database.tenant(stranger.tenantId, (tx) => revokeAccountData(tx, member.id));
    expect(removed).toBe(0);
    expect((await client.tokenIntrospection(member.config, member.tokens.access_token)).active).toBe(true);
  });
});
