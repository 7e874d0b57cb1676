import { randomUUID } from 'node:crypto';
import { identityProviderEndpoints, ssoStartPath, userEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, cookieFrom, createTenantWithUser, type TestUser } from '../../../test/app.js';
import { auditEvents, oauthStates, userIdentities, users } from '../../db/schema/index.js';
import { insertVerifiedDomain } from '../domains/domains.test-helpers.js';
import { createGroup, insertRole } from '../groups/groups.test-helpers.js';
import { createRange, OFFICE_RANGE } from '../ip-ranges/ip-ranges.test-helpers.js';
import {
  createProvider,
  IDP_CLIENT_ID,
  locationOf,
  PUBLIC_URL,
  providerBody,
  REDIRECT_URI,
  signInAtProvider,
  ssoCookieFrom,
  useSsoApps,
} from './sso.test-helpers.js';

/**
 * The browser's address: inside the office range, so network access lets it in, and a new one per
 * flow, so that the per-address limit only bites where a test means it to.
 */
let host = 0;
/** The domain of the provider's accounts. */
const ACME = 'acme.example';
const browser = () => `198.51.100.${(host++ % 250) + 1}`;

describe('single sign-on through an OpenID provider', () => {
  const { idp, t, api } = useSsoApps(
    [
      { sub: 'ada-1', email: 'ada@acme.example', givenName: 'Ada', familyName: 'Lovelace' },
      { sub: 'grace-1', email: 'grace@acme.example', name: 'Grace Brewster Hopper' },
      { sub: 'mallory-1', email: 'boss@acme.example', emailVerified: false },
      { sub: 'nomail-1' },
    ],
    // A low ceiling of sign-in starts per address, so that a test can reach it.
    { RATE_LIMIT_SSO_STARTS_PER_ADDRESS: '30/60' },
  );

  const get = (url: string, cookie?: string, from = browser()) =>
    t.app.inject({ method: 'GET', url, remoteAddress: from, headers: cookie ? { cookie } : {} });
  const buttonsOf = (tenantName: string, state?: string) =>
    call(t, {
      method: 'POST',
      url: '/api/v1/identity-providers/login-buttons',
      payload: { tenantName, ...(state === undefined ? {} : { state }) },
    });

  /** Login button → provider's form (as `login`) → our callback; answers the callback's response. */
  async function signIn(start: string, login: string, from = browser()) {
    const started = await get(start, undefined, from);
    expect(started.statusCode).toBe(302);
    const back = await signInAtProvider(idp, String(started.headers.location), login);
    return get(back, ssoCookieFrom(started), from);
  }

  /** A tenant that verified the provider's domain (its accounts are created at their first sign-in). */
  async function tenantWithProvider(overrides: Record<string, unknown> = {}) {
    const admin = await createTenantWithUser(t);
    await insertVerifiedDomain(t, admin.tenantId, ACME);
    const id = await createProvider(t, admin, providerBody(idp.issuer, overrides));
    return { admin, id };
  }

  const userByEmail = async (u: TestUser, email: string) => {
    const [row] = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(users)
        .where(and(eq(users.tenantId, u.tenantId), eq(users.email, email))),
    );
    return row;
  };
  const eventsOf = (u: TestUser, targetId: string) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, targetId)),
    );

  it("lists the buttons of the tenant's active providers only, and nothing for unknown tenants", async () => {
    const { admin, id } = await tenantWithProvider({ name: 'Okta', buttonText: 'Okta staff' });
    const disabled = await createProvider(t, admin, providerBody(idp.issuer, { name: 'Old IdP' }));
    await api.call(admin, identityProviderEndpoints.disable, { params: { id: disabled } });

    const res = await buttonsOf(admin.tenantName.toUpperCase(), '/oauth/authorize?client_id=abc&x=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        buttonText: 'Okta staff',
        redirectUrl: `${ssoStartPath(id)}?state=${encodeURIComponent('/oauth/authorize?client_id=abc&x=1')}`,
        buttonImageId: null,
      },
    ]);
    expect((await buttonsOf(admin.tenantName)).json()[0].redirectUrl).toBe(ssoStartPath(id));
    const unknown = await buttonsOf('no-such-tenant');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    const invalid = await buttonsOf('a');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ tenantName: 'Tenant name should have at least 4 symbols' });
  });

  it('starts with PKCE S256, state and nonce, remembering the round trip hashed', async () => {
    const { id } = await tenantWithProvider();
    const started = await get(`${ssoStartPath(id)}?state=${encodeURIComponent('/groups')}`);
    expect(started.statusCode).toBe(302);
    expect(started.headers['cache-control']).toBe('no-store');
    const url = new URL(String(started.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: IDP_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    const state = url.searchParams.get('state')!;
    const nonce = url.searchParams.get('nonce')!;
    // Both 256-bit random values (43 base64url characters), never the same one.
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(nonce).toMatch(/^[\w-]{43}$/);
    expect(nonce).not.toBe(state);
    const rows = await t.database.system((tx) =>
      tx.select().from(oauthStates).where(eq(oauthStates.targetId, id)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'sso', returnTo: '/groups', redirectUri: REDIRECT_URI });
    expect(rows[0]!.stateHash).not.toContain(state);
    // The callback checks the ID token against the nonce kept with the state.
    expect(rows[0]!.nonce).toBe(nonce);
    expect(rows[0]!.codeVerifier).toMatch(/^v2\./);
  });

  it('creates the user in the default group on the first sign-in, with a session, and finds them again', async () => {
    const admin = await createTenantWithUser(t);
    await insertVerifiedDomain(t, admin.tenantId, ACME);
    const groupId = await createGroup(t, admin, {
      name: 'SSO people',
      roleId: await insertRole(t, admin.tenantId, 'Viewer'),
    });
    const id = await createProvider(t, admin, providerBody(idp.issuer, { defaultGroupId: groupId }));
    const [button] = (await buttonsOf(admin.tenantName, '/groups')).json();

    const back = await signIn(button.redirectUrl, 'ada@acme.example');
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/groups');
    const cookie = cookieFrom(back);
    const session = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      email: 'ada@acme.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isAdmin: false,
      tenant: { id: admin.tenantId },
    });

    const user = (await userByEmail(admin, 'ada@acme.example'))!;
    expect(user).toMatchObject({ status: 'Confirmed', passwordHash: null, groupId, isAdmin: false });
    // The provider said it verified the address: connected apps see it as verified.
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const [identity] = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(userIdentities).where(eq(userIdentities.userId, user.id)),
    );
    expect(identity).toMatchObject({ providerId: id, subject: 'ada-1', email: 'ada@acme.example' });
    const actions = (await eventsOf(admin, user.id)).map((e) => e.action).sort();
    expect(actions).toEqual(['create', 'sign-in']);

    // The second sign-in finds the same user through the link, and lands on the root without a state.
    const second = await signIn(ssoStartPath(id), 'ada-1');
    expect(second.headers.location).toBe('/');
    const again = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(second) });
    expect(again.json().id).toBe(user.id);
    const count = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(users).where(eq(users.email, 'ada@acme.example')),
    );
    expect(count).toHaveLength(1);
  });

  it('names a user from the full name when the provider gives no given or family name', async () => {
    const { admin, id } = await tenantWithProvider();
    await signIn(ssoStartPath(id), 'grace@acme.example');
    expect(await userByEmail(admin, 'grace@acme.example')).toMatchObject({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
  });

  it('links an existing user by an e-mail address the provider verified, and refuses an unverified one', async () => {
    const admin = await createTenantWithUser(t, { email: 'ada@acme.example' });
    const id = await createProvider(t, admin, providerBody(idp.issuer));
    const linked = await signIn(ssoStartPath(id), 'ada-1');
    expect(linked.headers.location).toBe('/');
    const session = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(linked) });
    expect(session.json()).toMatchObject({ id: admin.userId, isAdmin: true });
    expect((await eventsOf(admin, admin.userId)).map((e) => e.action)).toContain('link-identity');
    expect((await userByEmail(admin, 'ada@acme.example'))?.emailVerifiedAt).toBeInstanceOf(Date);

    const boss = await createTenantWithUser(t, { email: 'boss@acme.example' });
    const bossIdp = await createProvider(t, boss, providerBody(idp.issuer));
    const refused = await signIn(ssoStartPath(bossIdp), 'mallory-1');
    expect(refused.headers.location).toBe('/auth/login?ssoError=SSO_FAILED');
    expect(refused.headers['set-cookie']).toBeUndefined();
    const links = await t.database.tenant(boss.tenantId, (tx) => tx.select().from(userIdentities));
    expect(links).toHaveLength(0);
    expect((await eventsOf(boss, boss.userId)).map((e) => e.action)).toContain('failed-sign-in');
  });

  it('creates a user whose address the provider did not verify as unproven', async () => {
    const { admin, id } = await tenantWithProvider();
    expect((await signIn(ssoStartPath(id), 'mallory-1')).headers.location).toBe('/');
    expect(await userByEmail(admin, 'boss@acme.example')).toMatchObject({ emailVerifiedAt: null });
  });

  it('refuses a provider account without an e-mail address', async () => {
    const { id } = await tenantWithProvider();
    expect((await signIn(ssoStartPath(id), 'nomail-1')).headers.location).toBe(
      '/auth/login?ssoError=SSO_FAILED',
    );
  });

  it('refuses a disabled provider at the start and at the callback', async () => {
    const { admin, id } = await tenantWithProvider();
    await api.call(admin, identityProviderEndpoints.disable, { params: { id } });
    const start = await get(`${ssoStartPath(id)}?state=%2Fgroups`);
    expect(start.headers.location).toBe('/auth/login?ssoError=SSO_FAILED&redirectTo=%2Fgroups');

    await api.call(admin, identityProviderEndpoints.enable, { params: { id } });
    const started = await get(ssoStartPath(id));
    const back = await signInAtProvider(idp, String(started.headers.location), 'ada-1');
    // Disabled while the user was at the provider.
    await api.call(admin, identityProviderEndpoints.disable, { params: { id } });
    const refused = await get(back, ssoCookieFrom(started));
    expect(refused.headers.location).toBe('/auth/login?ssoError=SSO_FAILED');
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await userByEmail(admin, 'ada@acme.example')).toBeUndefined();

    // Deleted: the same.
    await api.call(admin, identityProviderEndpoints.enable, { params: { id } });
    const restarted = await get(ssoStartPath(id));
    const backAgain = await signInAtProvider(idp, String(restarted.headers.location), 'ada-1');
    await api.call(admin, identityProviderEndpoints.remove, { params: { id } });
    expect((await get(backAgain, ssoCookieFrom(restarted))).headers.location).toBe(
      '/auth/login?ssoError=SSO_FAILED',
    );
    expect((await get(ssoStartPath(randomUUID()))).headers.location).toBe('/auth/login?ssoError=SSO_FAILED');
    expect((await get('/api/v1/sso/not-an-id/start')).headers.location).toBe(
      '/auth/login?ssoError=SSO_FAILED',
    );
  });

  it('refuses a wrong, missing or replayed state, and a provider error, without a raw message', async () => {
    const { id } = await tenantWithProvider();
    const started = await get(ssoStartPath(id));
    const back = await signInAtProvider(idp, String(started.headers.location), 'ada-1');
    const forged = back.replace(/state=[^&]+/, 'state=forged-state');
    expect((await get(forged)).headers.location).toBe('/auth/login?ssoError=SSO_FAILED');
    expect((await get('/api/v1/sso/callback')).headers.location).toBe('/auth/login?ssoError=SSO_FAILED');

    const ok = await get(back, ssoCookieFrom(started));
    expect(ok.headers.location).toBe('/');
    const replay = await get(back, ssoCookieFrom(started));
    expect(replay.headers.location).toBe('/auth/login?ssoError=SSO_FAILED');
    expect(replay.headers['set-cookie']).toBeUndefined();

    const again = await get(ssoStartPath(id));
    const state = new URL(String(again.headers.location)).searchParams.get('state')!;
    const denied = await get(
      `/api/v1/sso/callback?error=access_denied&error_description=${encodeURIComponent('<b>nope</b>')}&state=${state}`,
    );
    expect(denied.statusCode).toBe(302);
    expect(denied.headers.location).toBe('/auth/login?ssoError=SSO_FAILED');
  });

  it('binds the sign-in to the browser that started it: a callback without its cookie is refused and uses the state up', async () => {
    const { admin, id } = await tenantWithProvider();
    const started = await get(ssoStartPath(id));
    const setCookie = String(([] as string[]).concat(started.headers['set-cookie'] as string[])[0]);
    expect(setCookie).toMatch(/^__Host-skyvault_sso=[\w-]{43};/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    // The nonce sent to the provider is the hash of the key, never the key.
    const nonce = new URL(String(started.headers.location)).searchParams.get('nonce');
    expect(ssoCookieFrom(started)).not.toContain(String(nonce));

    // Someone else's callback link, opened in a browser without the key or with the key of another start.
    const back = await signInAtProvider(idp, String(started.headers.location), 'ada-1');
    const other = await get(ssoStartPath(id));
    for (const cookie of [undefined, ssoCookieFrom(other)]) {
      const forged = await get(back, cookie);
      expect(forged.headers.location).toBe('/auth/login?ssoError=SSO_FAILED');
      expect(String(forged.headers['set-cookie'] ?? '')).not.toContain('skyvault_session');
    }
    expect(await userByEmail(admin, 'ada@acme.example')).toBeUndefined();
    // The state is used up: even the right browser cannot finish that round trip any more.
    expect((await get(back, ssoCookieFrom(started))).headers.location).toBe(
      '/auth/login?ssoError=SSO_FAILED',
    );

    // The browser that started a sign-in finishes it.
    const again = await get(ssoStartPath(id));
    const backAgain = await signInAtProvider(idp, String(again.headers.location), 'ada-1');
    const ok = await get(backAgain, ssoCookieFrom(again));
    expect(ok.headers.location).toBe('/');
    expect(cookieFrom(ok)).toMatch(/skyvault_session=/);
  });

  it('never sends the browser off the site: a state that is not a path of ours lands on the root', async () => {
    const { id } = await tenantWithProvider();
    for (const state of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const back = await signIn(`${ssoStartPath(id)}?state=${encodeURIComponent(state)}`, 'ada-1');
      expect(back.headers.location, state).toBe('/');
    }
  });

  it('refuses a disabled user', async () => {
    const { admin, id } = await tenantWithProvider();
    await signIn(ssoStartPath(id), 'ada-1');
    const user = (await userByEmail(admin, 'ada@acme.example'))!;
    await api.call(admin, userEndpoints.update, { params: { id: user.id }, body: { status: 'Disabled' } });
    const refused = await signIn(ssoStartPath(id), 'ada-1');
    expect(refused.headers.location).toBe('/auth/login?ssoError=ACCOUNT_DISABLED');
    expect((await eventsOf(admin, user.id)).map((e) => e.action)).toContain('failed-sign-in');
  });

  it("applies the tenant's network access", async () => {
    const { admin, id } = await tenantWithProvider();
    await createRange(t, admin, { name: 'Office', ...OFFICE_RANGE });
    const outside = await signIn(ssoStartPath(id), 'ada-1', '203.0.113.9');
    expect(outside.headers.location).toBe('/auth/login?ssoError=IP_NOT_ALLOWED');
    expect(outside.headers['set-cookie']).toBeUndefined();
    // Nobody is created from outside the ranges.
    expect(await userByEmail(admin, 'ada@acme.example')).toBeFalsy();
    const inside = await signIn(ssoStartPath(id), 'ada-1');
    expect(inside.headers.location).toBe('/');
    const ada = (await userByEmail(admin, 'ada@acme.example'))!;
    // A known user refused from outside is audited as a failed sign-in.
    await signIn(ssoStartPath(id), 'ada-1', '203.0.113.9');
    expect((await eventsOf(admin, ada.id)).map((e) => e.action)).toContain('failed-sign-in');
  });

  it('ends the session the browser had before (rotation)', async () => {
    const { admin, id } = await tenantWithProvider();
    const started = await get(ssoStartPath(id));
    const back = await signInAtProvider(idp, String(started.headers.location), 'ada-1');
    const res = await get(back, `${admin.cookie}; ${ssoCookieFrom(started)}`);
    expect(res.headers.location).toBe('/');
    const old = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: admin.cookie });
    expect(old.statusCode).toBe(401);
  });

  it('limits sign-in attempts per address, an IPv6 client by its /64', async () => {
    const { id } = await tenantWithProvider();
    const answers = [];
    for (let i = 0; i < 31; i++) {
      const from = `2001:db8:5:6:${(i + 1).toString(16)}::1`;
      answers.push(String((await get(ssoStartPath(id), undefined, from)).headers.location));
    }
    expect(answers.slice(0, 30).every((location) => location.startsWith(idp.issuer))).toBe(true);
    expect(answers[30]).toBe('/auth/login?ssoError=RATE_LIMITED');
  });

  it('keeps the client secret, codes and tokens out of the redirects', async () => {
    const { id } = await tenantWithProvider();
    const back = await signIn(ssoStartPath(id), 'ada-1');
    expect(String(back.headers.location)).not.toContain('code=');
    expect(locationOf(back).origin).toBe(PUBLIC_URL);
  });
});
