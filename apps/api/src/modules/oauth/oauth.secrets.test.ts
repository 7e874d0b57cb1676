import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureLog, createTenantWithUser, useTestApp } from '../../../test/app.js';
import {
  authorizationRequest,
  CookieJar,
  client,
  consoleLogin,
  insertApplication,
  navigate,
  startOAuthApp,
} from '../../../test/oauth-client.js';
import { oidcModels } from '../../db/schema/index.js';

const PASSWORD = 'Never-in-logs-pw1';

/** A whole flow at the most verbose log level: nothing secret is logged, nothing usable is stored. */
describe('authorization server: secrets', () => {
  const log = captureLog();
  const secrets: string[] = [];
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  let revokeLast: () => Promise<void>;
  let clientId = '';

  const t = useTestApp(() => startOAuthApp({ LOG_LEVEL: 'trace' }, { logStream: log.stream }));
  beforeAll(async () => {
    const user = await createTenantWithUser(t, { password: PASSWORD });
    const app = await insertApplication(t, user.tenantId);
    clientId = app.clientId;
    const { config, url, verifier, exchange } = await authorizationRequest(t, app, {
      scope: 'openid email offline_access',
      prompt: 'consent',
    });
    const jar = new CookieJar();
    const toLogin = await navigate(t, jar, url);
    await consoleLogin(t, jar, { tenantName: user.tenantName, email: user.email, password: PASSWORD });
    const back = await navigate(t, jar, toLogin.url.searchParams.get('redirectTo')!);
    tokens = await exchange(back.url);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    await client.fetchUserInfo(config, refreshed.access_token, client.skipSubjectCheck);
    await client.tokenIntrospection(config, refreshed.access_token);
    revokeLast = () => client.tokenRevocation(config, refreshed.refresh_token!);
    secrets.push(
      app.clientSecret,
      back.url.searchParams.get('code')!,
      verifier,
      tokens.access_token,
      tokens.refresh_token!,
      tokens.id_token!,
      refreshed.access_token,
      jar.get('skyvault_session')!,
      jar.get('oauth_session')!,
    );
  });

  it('stores codes, tokens and sessions by their SHA-256 only', async () => {
    const rows = await t.database.system((tx) => tx.select().from(oidcModels));
    const dump = JSON.stringify(rows);
    for (const secret of [...secrets.slice(1, 5), ...secrets.slice(6)]) expect(dump).not.toContain(secret);
    const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
    expect(rows.find((r) => r.model === 'AccessToken' && r.key === hash(tokens.access_token))).toMatchObject({
      clientId,
    });
    // The used refresh token stays (consumed) so that a replay is recognised.
    const used = rows.find((r) => r.model === 'RefreshToken' && r.key === hash(tokens.refresh_token!));
    expect(used?.consumedAt).toBeInstanceOf(Date);
    expect(used?.clientId).toBe(clientId);
  });

  it('logs none of the client secret, code, verifier, tokens or session cookies', async () => {
    await revokeLast();
    expect(log.text()).toContain('/oauth/token');
    for (const secret of secrets) {
      // Each one was really captured (an empty string would be 'contained' in any log).
      expect(secret.length).toBeGreaterThan(8);
      expect(log.text()).not.toContain(secret);
    }
  });
});
