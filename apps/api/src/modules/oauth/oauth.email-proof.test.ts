import {
  identityProviderEndpoints,
  SSO_CALLBACK_PATH,
  ssoStartPath,
  userEndpoints,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, lastMailTo, type TestUser, useTestApp } from '../../../test/app.js';
import {
  authorizationRequest,
  browserFetch,
  CALLBACK,
  CookieJar,
  client,
  consoleLogin,
  insertApplication,
  navigate,
  startOAuthApp,
  type TestClient,
} from '../../../test/oauth-client.js';
import { userIdentities, users } from '../../db/schema/index.js';

const PASSWORD = 'Planted-address-pw1';
const NEW_PASSWORD = 'Proven-address-pw2';
/** Tenant B's administrator: the address tenant A's administrator types in for a user of their own. */
const VICTIM_EMAIL = 'boss@victim.example';

/**
 * Our authorization server as another tenant's identity provider: tenant B signs its users in through
 * a multi-tenant connected app of tenant A. An address that tenant A's administrator merely typed in
 * must never pass as verified, or B's single sign-on would link it to B's own user of that address.
 */
describe('authorization server: e-mail addresses nobody proved', () => {
  // The server reaches its own /oauth on 127.0.0.1 for discovery and the token call.
  const t = useTestApp(() => startOAuthApp({ OUTBOUND_PRIVATE_NETWORKS: 'true' }));
  let attacker: TestUser;
  let victim: TestUser;
  let app: TestClient;
  let providerId: string;
  let plantedId: string;

  const api = apiCaller(t);

  beforeAll(async () => {
    attacker = await createTenantWithUser(t, { password: PASSWORD, tenantName: 'tenant-a-planter' });
    victim = await createTenantWithUser(t, {
      password: PASSWORD,
      tenantName: 'tenant-b-victim',
      email: VICTIM_EMAIL,
      emailVerified: true,
    });
    app = await insertApplication(t, attacker.tenantId, {
      shared: true,
      allowedScopes: [],
      callbacks: [`${t.baseUrl}${SSO_CALLBACK_PATH}`, CALLBACK],
    });
    const provider = await api.call(victim, identityProviderEndpoints.create, {
      body: {
        name: 'Sign in with Skyvault',
        type: 'OpenId',
        buttonText: '',
        providerData: { clientId: app.clientId, clientSecret: app.clientSecret, issuer: t.issuer },
      },
    });
    expect(provider.statusCode).toBe(201);
    providerId = provider.json().id;
    const planted = await api.call(attacker, userEndpoints.create, {
      body: {
        firstName: 'Not',
        lastName: 'Theboss',
        email: VICTIM_EMAIL,
        password: PASSWORD,
      },
    });
    expect(planted.statusCode).toBe(201);
    plantedId = planted.json().id;
  });

  const signInToTenantA = async (password = PASSWORD, email = VICTIM_EMAIL) => {
    const jar = new CookieJar();
    await consoleLogin(t, jar, { tenantName: attacker.tenantName, email, password });
    return jar;
  };

  /** The planted user's claims as the connected app receives them: ID token and userinfo. */
  async function claimsOfPlantedUser(jar: CookieJar) {
    const { config, url, exchange } = await authorizationRequest(t, app, { scope: 'openid email' });
    const back = await navigate(t, jar, url);
    expect(back.url.origin + back.url.pathname).toBe(CALLBACK);
    const tokens = await exchange(back.url);
    const idToken = tokens.claims()!;
    expect(idToken.tenant_id).toBe(attacker.tenantId);
    const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    return { idToken, info };
  }

  it("does not sign another tenant's administrator in through an address an administrator typed in", async () => {
    const jar = await signInToTenantA();
    const { idToken, info } = await claimsOfPlantedUser(jar);
    // The e-mail claims come with userinfo (the ID token carries them only when no access token is issued).
    expect(idToken.email_verified).not.toBe(true);
    expect(info).toMatchObject({ email: VICTIM_EMAIL, email_verified: false });

    // Tenant B's login button, clicked in the planter's browser: our server signs the planted user
    // in for the app, and B's callback must refuse to link that account to B's administrator.
    const landed = await navigate(t, jar, ssoStartPath(providerId));
    expect(landed.url.pathname).toBe('/auth/login');
    expect(landed.url.searchParams.get('ssoError')).toBe('SSO_FAILED');
    const session = await browserFetch(jar, new URL('/api/v1/auth/session', t.baseUrl));
    if (session.status === 200)
      expect(await session.json()).not.toMatchObject({
        email: VICTIM_EMAIL,
        tenant: { id: victim.tenantId },
      });
    const links = await t.database.tenant(victim.tenantId, (tx) =>
      tx.select().from(userIdentities).where(eq(userIdentities.userId, victim.userId)),
    );
    expect(links).toEqual([]);
  });

  it('says verified once the address is proven by a mailed link, and unproven again after an address change', async () => {
    const forgot = await call(t, {
      method: 'PATCH',
      url: '/api/v1/auth/forgot-password',
      payload: { tenantName: attacker.tenantName, email: VICTIM_EMAIL },
    });
    expect(forgot.statusCode).toBe(204);
    const mail = await lastMailTo(t, VICTIM_EMAIL);
    const code = decodeURIComponent(/change-password\?code=(\S+)/.exec(mail.text)![1]!);
    const reset = await call(t, {
      method: 'PATCH',
      url: '/api/v1/auth/change-password',
      payload: { code, password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(204);
    const proven = await claimsOfPlantedUser(await signInToTenantA(NEW_PASSWORD));
    expect(proven.info).toMatchObject({ email: VICTIM_EMAIL, email_verified: true });

    // An administrator's change of address makes it unproven again.
    const changed = await api.call(attacker, userEndpoints.update, {
      params: { id: plantedId },
      body: {
        email: 'other@victim.example',
      },
    });
    expect(changed.statusCode).toBe(200);
    const readdressed = await claimsOfPlantedUser(
      await signInToTenantA(NEW_PASSWORD, 'other@victim.example'),
    );
    expect(readdressed.info).toMatchObject({ email: 'other@victim.example', email_verified: false });
  });

  it('voids the links sent to the old address when an administrator changes it', async () => {
    const invited = await api.call(attacker, userEndpoints.create, {
      body: {
        firstName: 'Invited',
        lastName: 'Elsewhere',
        email: 'first@planter.example',
      },
    });
    expect(invited.statusCode).toBe(201);
    const mail = await lastMailTo(t, 'first@planter.example');
    const code = decodeURIComponent(/change-password\?code=(\S+)/.exec(mail.text)![1]!);
    const id = invited.json().id;
    await api.call(attacker, userEndpoints.update, {
      params: { id },
      body: { email: 'second@victim.example' },
    });
    const accepted = await call(t, {
      method: 'PATCH',
      url: '/api/v1/auth/change-password',
      payload: { code, password: NEW_PASSWORD },
    });
    expect(accepted.statusCode).toBe(400);
    const [row] = await t.database.tenant(attacker.tenantId, (tx) =>
      tx
        .select({ at: users.emailVerifiedAt })
        .from(users)
        .where(and(eq(users.tenantId, attacker.tenantId), eq(users.id, id))),
    );
    expect(row?.at).toBeNull();
  });
});
