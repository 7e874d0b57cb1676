import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import {
  authorizationRequest,
  CALLBACK,
  CookieJar,
  insertApplication,
  navigate,
  startOAuthApp,
  type TestClient,
} from '../../../test/oauth-client.js';

/**
 * A code or a refresh token is good for one use even when its uses arrive together: each of them finds
 * the token unused, and only one may go on (a second chain of refresh tokens from one would outlive
 * the rotation that is meant to expose a stolen token).
 */
describe('authorization server: one use of a code or refresh token, however many arrive at once', () => {
  let user: TestUser;
  let app: TestClient;

  const t = useTestApp(() => startOAuthApp());
  beforeAll(async () => {
    user = await createTenantWithUser(t, { isAdmin: false, emailVerified: true });
    app = await insertApplication(t, user.tenantId);
  });

  /** A code for the signed-in user, with what its exchange needs. */
  async function code() {
    const request = await authorizationRequest(t, app, { scope: 'openid offline_access', prompt: 'consent' });
    const back = await navigate(t, new CookieJar(user.cookie), request.url);
    expect(back.url.origin + back.url.pathname).toBe(CALLBACK);
    return { request, back: back.url, code: back.url.searchParams.get('code')! };
  }

  /** `n` token requests with the same form at once; their statuses and bodies. */
  function together(n: number, form: Record<string, string>) {
    const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
    return Promise.all(
      Array.from({ length: n }, async () => {
        const res = await fetch(`${t.issuer}/token`, {
          method: 'POST',
          headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form),
        });
        return { status: res.status, body: (await res.json()) as { error?: string; refresh_token?: string } };
      }),
    );
  }

  it('refreshes once with a refresh token sent four times at once; the others are invalid_grant', async () => {
    const { request, back } = await code();
    const tokens = await request.exchange(back);
    const answers = await together(4, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('exchanges a code sent four times at once only once', async () => {
    const { request, code: value } = await code();
    const answers = await together(4, {
      grant_type: 'authorization_code',
      code: value,
      redirect_uri: CALLBACK,
      code_verifier: request.verifier,
    });
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});
