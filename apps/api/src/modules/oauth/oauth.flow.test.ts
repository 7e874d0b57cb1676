import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import {
  authorizationRequest,
  CALLBACK,
  CookieJar,
  client,
  consoleLogin,
  discover,
  insertApplication,
  navigate,
  OPAQUE_TOKEN,
  pkce,
  startOAuthApp,
  type TestClient,
} from '../../../test/oauth-client.js';
import { listSigningKeys } from './signing-keys.js';

const PASSWORD = 'Connected-app-pw1';

describe('authorization server: the code flow of a connected app', () => {
  let user: TestUser;
  let app: TestClient;

  const t = useTestApp(() => startOAuthApp());
  beforeAll(async () => {
    user = await createTenantWithUser(t, { password: PASSWORD, isAdmin: false, emailVerified: true });
    app = await insertApplication(t, user.tenantId, { accessTokenLifetime: 7 * 60_000 });
  });

  it('publishes its discovery document and the public part of its signing key', async () => {
    const res = await fetch(`${t.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, string[] & string>;
    expect(doc).toMatchObject({
      issuer: t.issuer,
      authorization_endpoint: `${t.issuer}/auth`,
      token_endpoint: `${t.issuer}/token`,
      userinfo_endpoint: `${t.issuer}/me`,
      jwks_uri: `${t.issuer}/jwks`,
      revocation_endpoint: `${t.issuer}/token/revocation`,
      introspection_endpoint: `${t.issuer}/token/introspection`,
      end_session_endpoint: `${t.issuer}/session/end`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(doc.grant_types_supported).not.toContain('implicit');
    expect(doc.grant_types_supported).not.toContain('password');
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']),
    );

    const jwks = (await (await fetch(doc.jwks_uri!)).json()) as { keys: Record<string, unknown>[] };
    const [stored] = await listSigningKeys(t.database);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: stored!.kid });
    // Only the public part leaves the server.
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwks.keys[0]).not.toHaveProperty(secret);
  });

  it('sends a visitor to the console login, then back to the app with a code for tokens, userinfo and refresh', async () => {
    const config = await discover(t, app);
    const { verifier, challenge, state } = await pkce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid email profile offline_access',
      // OpenID Connect Core §11: offline access is asked for with prompt=consent.
      prompt: 'consent',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    });
    const jar = new CookieJar();
    const toLogin = await navigate(t, jar, url);
    expect(toLogin.url.pathname).toBe('/auth/login');
    const redirectTo = toLogin.url.searchParams.get('redirectTo')!;
    expect(redirectTo).toMatch(new RegExp(`^/oauth/interaction/[\\w-]+\\?client_id=${app.clientId}$`));

    await consoleLogin(t, jar, { tenantName: user.tenantName, email: user.email, password: PASSWORD });
    const back = await navigate(t, jar, redirectTo);
    expect(back.url.origin + back.url.pathname).toBe(CALLBACK);
    expect(back.url.searchParams.get('iss')).toBe(t.issuer);

    const tokens = await client.authorizationCodeGrant(config, back.url, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const sub = `${user.tenantId}:${user.userId}`;
    expect(tokens.claims()).toMatchObject({ sub, iss: t.issuer, aud: app.clientId, tenant: user.tenantName });
    expect(tokens.expires_in).toBe(7 * 60);
    expect(tokens.refresh_token).toMatch(OPAQUE_TOKEN);

    const info = await client.fetchUserInfo(config, tokens.access_token, sub);
    expect(info).toMatchObject({
      sub,
      email: user.email,
      email_verified: true,
      given_name: 'Test',
      tenant: user.tenantName,
      tenant_id: user.tenantId,
    });

    // The access token lives exactly as long as the app says (7 minutes).
    const introspected = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspected.active).toBe(true);
    expect(introspected.exp! - introspected.iat!).toBe(7 * 60);

    // The refresh token lives the app's refresh lifetime (a day), counted from the sign-in: a
    // rotated one inherits what is left, so refreshing never extends it.
    const original = await client.tokenIntrospection(config, tokens.refresh_token!);
    expect(original.exp! - original.iat!).toBe(24 * 60 * 60);

    // Refresh rotates the refresh token; the used one is refused, and its replay revokes the grant.
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toMatch(OPAQUE_TOKEN);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const rotated = await client.tokenIntrospection(config, refreshed.refresh_token!);
    expect(Math.abs(rotated.exp! - original.exp!)).toBeLessThanOrEqual(1);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('authorizes a signed-in user at once, with no login page and no consent screen', async () => {
    const request = await authorizationRequest(t, app);
    const jar = new CookieJar(user.cookie);
    const back = await navigate(t, jar, request.url);
    expect(back.url.origin + back.url.pathname).toBe(CALLBACK);
    const tokens = await request.exchange(back.url);
    // Without offline_access there is no refresh token.
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.access_token).toMatch(OPAQUE_TOKEN);
  });
});
