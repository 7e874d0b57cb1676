import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import {
  authorizationRequest,
  CALLBACK,
  CookieJar,
  client,
  discover,
  insertApplication,
  navigate,
  OPAQUE_TOKEN,
  startOAuthApp,
  type TestClient,
} from '../../../test/oauth-client.js';
import { applications, users } from '../../db/schema/index.js';
import { revokeClientData } from './revocation.js';

describe('authorization server: what it refuses', () => {
  let owner: TestUser;
  let stranger: TestUser;

  const t = useTestApp(() => startOAuthApp());
  beforeAll(async () => {
    owner = await createTenantWithUser(t);
    stranger = await createTenantWithUser(t);
  });

  /** Runs the authorization request in a browser signed in as `who`; answers where it ended. */
  async function authorize(app: TestClient, who: TestUser, params: Record<string, string> = {}) {
    const request = await authorizationRequest(t, app, params);
    const end = await navigate(t, new CookieJar(who.cookie), request.url);
    return { config: request.config, end, exchange: () => request.exchange(end.url) };
  }

  const withOffline = { scope: 'openid offline_access', prompt: 'consent' };
  /** openid-client reports a failed client authentication as the 401 challenge it carries. */
  const invalidClient = { status: 401, cause: [{ parameters: { error: 'invalid_client' } }] };

  it('shows an error page, never a redirect, for a redirect URI the app did not register', async () => {
    const app = await insertApplication(t, owner.tenantId);
    const { end } = await authorize(app, owner, { redirect_uri: 'https://evil.example.com/callback' });
    expect(end.response.status).toBe(400);
    expect(end.response.headers.get('location')).toBeNull();
    expect(end.response.headers.get('content-type')).toMatch(/text\/html/);
    expect(end.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const body = await end.response.text();
    expect(body).toContain('redirect_uri did not match any of the client');
    expect(body).not.toContain('evil.example.com');

    // The match is exact: no prefix, no extra path, no query.
    for (const near of [`${CALLBACK}/more`, `${CALLBACK}?x=1`, CALLBACK.replace('https:', 'http:')]) {
      expect((await authorize(app, owner, { redirect_uri: near })).end.response.status).toBe(400);
    }
  });

  it('ignores a plain-http callback to another machine saved under older rules', async () => {
    const legacy = 'http://app.example.com/callback';
    const app = await insertApplication(t, owner.tenantId, { callbacks: [legacy, CALLBACK] });
    const { end } = await authorize(app, owner, { redirect_uri: legacy });
    expect(end.response.status).toBe(400);
    expect(end.response.headers.get('location')).toBeNull();
    // The app's other callback still works; an app with no usable callback is not known at all.
    const back = (await authorize(app, owner)).end.url;
    expect(back.origin + back.pathname).toBe(CALLBACK);
    const onlyLegacy = await insertApplication(t, owner.tenantId, { callbacks: [legacy] });
    expect((await authorize(onlyLegacy, owner, { redirect_uri: legacy })).end.response.status).toBe(400);
  });

  it('does not know a disabled app or an unknown client, and escapes what it echoes', async () => {
    const app = await insertApplication(t, owner.tenantId, { active: false });
    const disabled = await fetch(
      `${t.issuer}/auth?client_id=${app.clientId}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(CALLBACK)}`,
      { redirect: 'manual' },
    );
    expect(disabled.status).toBe(400);
    expect(disabled.headers.get('location')).toBeNull();
    expect(await disabled.text()).toContain('invalid_client');

    const probe = '<script>alert(1)</script>';
    const unknown = await fetch(
      `${t.issuer}/auth?client_id=${encodeURIComponent(probe)}&response_type=code`,
      { redirect: 'manual' },
    );
    const html = await unknown.text();
    expect(unknown.status).toBe(400);
    expect(html).not.toContain('<script>');
  });

  it('requires PKCE with S256', async () => {
    const app = await insertApplication(t, owner.tenantId);
    const config = await discover(t, app);
    const plain = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      state: 's',
    });
    const missing = await navigate(t, new CookieJar(owner.cookie), plain);
    expect(missing.url.origin + missing.url.pathname).toBe(CALLBACK);
    expect(missing.url.searchParams.get('error')).toBe('invalid_request');
    expect(missing.url.searchParams.get('error_description')).toMatch(/PKCE/);

    const { end } = await authorize(app, owner, { code_challenge_method: 'plain' });
    expect(end.url.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a wrong client secret at the token endpoint, and the code still works with the right one', async () => {
    const app = await insertApplication(t, owner.tenantId);
    const { end, exchange } = await authorize(app, owner);
    const wrong = await client.discovery(
      new URL(t.issuer),
      app.clientId,
      undefined,
      client.ClientSecretBasic('not-the-secret'),
      {
        execute: [client.allowInsecureRequests],
      },
    );
    await expect(
      client.authorizationCodeGrant(wrong, end.url, {
        pkceCodeVerifier: 'x'.repeat(43),
        expectedState: end.url.searchParams.get('state')!,
      }),
    ).rejects.toMatchObject(invalidClient);
    expect((await exchange()).access_token).toMatch(OPAQUE_TOKEN);
  });

  it('stops honouring the old secret once the secret is regenerated, and takes the new one', async () => {
    const app = await insertApplication(t, owner.tenantId);
    const regenerated = await call(t, {
      method: 'PATCH',
      url: `/api/v1/applications/${app.id}/regenerate`,
      cookie: owner.cookie,
    });
    expect(regenerated.statusCode).toBe(200);
    const newSecret: string = regenerated.json().clientSecret;
    expect(newSecret).not.toBe(app.clientSecret);

    const before = await authorize(app, owner);
    await expect(before.exchange()).rejects.toMatchObject(invalidClient);
    const after = await authorize({ ...app, clientSecret: newSecret }, owner);
    expect((await after.exchange()).access_token).toMatch(OPAQUE_TOKEN);
  });

  it('refuses a user of another tenant on a single-tenant app (oauth.consent.test.ts: multi-tenant apps)', async () => {
    const single = await insertApplication(t, owner.tenantId);
    const { end } = await authorize(single, stranger);
    expect(end.url.origin + end.url.pathname).toBe(CALLBACK);
    expect(end.url.searchParams.get('error')).toBe('access_denied');
    expect(end.url.searchParams.get('code')).toBeNull();
  });

  it('gives refresh tokens only to apps with Offline Access and the Refresh Token flow', async () => {
    const noScope = await insertApplication(t, owner.tenantId, { allowedScopes: [] });
    const refused = await authorize(noScope, owner, withOffline);
    expect(refused.end.url.searchParams.get('error')).toBe('invalid_scope');

    const noFlow = await insertApplication(t, owner.tenantId, { allowedFlows: ['authorization_code'] });
    expect((await (await authorize(noFlow, owner, withOffline)).exchange()).refresh_token).toBeUndefined();

    const both = await insertApplication(t, owner.tenantId);
    expect((await (await authorize(both, owner, withOffline)).exchange()).refresh_token).toMatch(
      OPAQUE_TOKEN,
    );
  });

  it('refuses an app without the Authorization Code flow', async () => {
    const app = await insertApplication(t, owner.tenantId, { allowedFlows: [] });
    const { end } = await authorize(app, owner);
    expect(end.url.searchParams.get('error')).toBe('invalid_request');
    expect(end.url.searchParams.get('error_description')).toBe(
      'requested response_type is not allowed for this client',
    );
  });

  it('stops every token of an app at once when its data is revoked (Disable, Regenerate secret, Delete)', async () => {
    const app = await insertApplication(t, owner.tenantId);
    const { config, exchange } = await authorize(app, owner, withOffline);
    const tokens = await exchange();
    const removed = await t.database.tenant(owner.tenantId, (tx) => revokeClientData(tx, app.clientId));
    expect(removed).toBeGreaterThan(0);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await client.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    await expect(
      client.fetchUserInfo(config, tokens.access_token, client.skipSubjectCheck),
    ).rejects.toMatchObject({ status: 401, cause: [{ parameters: { error: 'invalid_token' } }] });
  });

  it('refuses a refresh once the app is disabled', async () => {
    const app = await insertApplication(t, owner.tenantId);
    const { config, exchange } = await authorize(app, owner, withOffline);
    const tokens = await exchange();
    await t.database.system((tx) =>
      tx.update(applications).set({ active: false }).where(eq(applications.id, app.id)),
    );
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject(
      invalidClient,
    );
  });

  it('refuses a refresh for a user who was disabled since', async () => {
    const user = await createTenantWithUser(t);
    const app = await insertApplication(t, user.tenantId);
    const { config, exchange } = await authorize(app, user, withOffline);
    const tokens = await exchange();
    await t.database.system((tx) =>
      tx.update(users).set({ status: 'Disabled' }).where(eq(users.id, user.userId)),
    );
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('revokes a refresh token at the revocation endpoint, and lets no app look at another app’s tokens', async () => {
    const app = await insertApplication(t, owner.tenantId);
    const other = await insertApplication(t, owner.tenantId);
    const { config, exchange } = await authorize(app, owner, withOffline);
    const tokens = await exchange();
    const otherConfig = await discover(t, other);
    expect((await client.tokenIntrospection(otherConfig, tokens.access_token)).active).toBe(false);
    await client.tokenRevocation(config, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
