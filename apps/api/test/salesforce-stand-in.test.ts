import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LATEST_API_VERSION,
  type SalesforceStandIn,
  type SalesforceStandInOptions,
  STAND_IN_USER,
  type StandInUser,
  startSalesforceStandIn,
} from './salesforce-stand-in.js';

/** The stand-in against plain HTTP, as the API's Salesforce client will call it. */

let sf: SalesforceStandIn;
const started: SalesforceStandIn[] = [];
async function start(options: SalesforceStandInOptions = {}) {
  sf = await startSalesforceStandIn(options);
  started.push(sf);
  return sf;
}
beforeEach(() => start());
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

const EXPIRED = { error: 'invalid_grant', error_description: 'expired access/refresh token' };
const REDIRECT = 'https://console.example.com/api/v1/connections/oauth/callback';

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  instance_url: string;
  id: string;
  issued_at: string;
  signature: string;
  token_type: string;
  scope: string;
}

const tokenCall = (form: Record<string, string>) =>
  fetch(`${sf.url}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: sf.clientId, client_secret: sf.clientSecret, ...form }),
  });

/** A whole login: authorize as `user`, then trade the code (with its PKCE verifier) for tokens. */
async function login(user: StandInUser = STAND_IN_USER): Promise<TokenAnswer> {
  sf.loginAs(user);
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${sf.url}/services/oauth2/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: sf.clientId,
    redirect_uri: REDIRECT,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    scope: 'api refresh_token',
  }).toString();
  const code = (await sf.follow(authorize.toString())).searchParams.get('code')!;
  const res = await tokenCall({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TokenAnswer;
}

const refresh = (refreshToken: string) =>
  tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken });
const renew = async (refreshToken: string) => (await (await refresh(refreshToken)).json()) as TokenAnswer;
const refused = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as { error: string; error_description: string },
});
const restErrors = async (res: Response) => (await res.json()) as { errorCode: string; message: string }[];
const get = (path: string, accessToken?: string) =>
  fetch(`${sf.url}${path}`, accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {});
const LIMITS = `/services/data/v${LATEST_API_VERSION}/limits`;

describe('Salesforce stand-in: tokens', () => {
  it('answers the code with the fields Salesforce sends, signed with the client secret', async () => {
    sf.clock.set(Date.UTC(2026, 0, 5));
    const answer = await login();
    expect(answer).toMatchObject({
      access_token: expect.stringMatching(/^00D000000000001!/),
      refresh_token: expect.any(String),
      instance_url: sf.url,
      id: `${sf.url}/id/${STAND_IN_USER.orgId}/${STAND_IN_USER.userId}`,
      token_type: 'Bearer',
      scope: 'api refresh_token',
    });
    expect(Number(answer.issued_at)).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 5));
    const signature = createHmac('sha256', sf.clientSecret)
      .update(answer.id + answer.issued_at)
      .digest('base64');
    expect(answer.signature).toBe(signature);
  });

  it('rotates the refresh token on every refresh and voids the one sent', async () => {
    const first = await login();
    const renewed = await renew(first.refresh_token!);
    expect(renewed.refresh_token).toEqual(expect.any(String));
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    expect(renewed.id).toBe(first.id);
    expect(await refused(await refresh(first.refresh_token!))).toEqual({ status: 400, body: EXPIRED });
    expect(sf.isActive(first.refresh_token!)).toBe(false);
    expect((await refresh(renewed.refresh_token!)).status).toBe(200);
  });

  it('keeps the refresh token and answers none when rotation is off', async () => {
    await start({ rotateRefreshTokens: false });
    const first = await login();
    for (let i = 0; i < 2; i++) {
      const renewed = await renew(first.refresh_token!);
      expect(renewed).not.toHaveProperty('refresh_token');
      expect(renewed.access_token).not.toBe(first.access_token);
    }
  });

  it('ends access tokens after their lifetime on the clock, with Salesforce’s 401', async () => {
    sf.settings.accessTokenTtlMs = 15 * 60_000;
    const { access_token, refresh_token } = await login();
    expect((await get(LIMITS, access_token)).status).toBe(200);
    sf.clock.advance({ minutes: 16 });
    const expired = await get(LIMITS, access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Token');
    expect(await expired.json()).toEqual([
      { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
    ]);
    const renewed = await renew(refresh_token!);
    expect((await get(LIMITS, renewed.access_token)).status).toBe(200);
  });

  it('expires a refresh token left unused for the idle limit, and a use restarts the count', async () => {
    let { refresh_token } = await login();
    sf.clock.advance({ days: 25 });
    refresh_token = (await renew(refresh_token!)).refresh_token!;
    sf.clock.advance({ days: 29 });
    expect(sf.isActive(refresh_token!)).toBe(true);
    sf.clock.advance({ days: 1, ms: 1 });
    expect(sf.isActive(refresh_token!)).toBe(false);
    expect(await refused(await refresh(refresh_token!))).toEqual({ status: 400, body: EXPIRED });

    sf.settings.refreshTokenIdleDays = 2;
    const short = await login();
    sf.clock.advance({ days: 3 });
    expect((await refresh(short.refresh_token!)).status).toBe(400);
  });

  it('revokes the least recently used of five approvals when the same user approves a sixth', async () => {
    const other = sf.addUser({ username: 'other@acme.example.com', orgId: STAND_IN_USER.orgId });
    const othersOwn = await login(other);
    const five: string[] = [];
    for (let i = 0; i < 5; i++) {
      five.push((await login()).refresh_token!);
      sf.clock.advance(1000);
    }
    // The first is used again, so the second is now the least recently used.
    five[0] = (await renew(five[0]!)).refresh_token!;
    expect(sf.approvalsOf(STAND_IN_USER).map((a) => a.refreshToken)).toEqual([...five.slice(1), five[0]]);

    const sixth = await login();
    expect(sf.evicted).toEqual([expect.objectContaining({ refreshToken: five[1], user: STAND_IN_USER })]);
    expect(await refused(await refresh(five[1]!))).toEqual({ status: 400, body: EXPIRED });
    for (const kept of [five[0]!, ...five.slice(2), sixth.refresh_token!])
      expect(sf.isActive(kept)).toBe(true);
    expect(sf.approvalsOf(STAND_IN_USER)).toHaveLength(5);
    expect(sf.isActive(othersOwn.refresh_token!)).toBe(true);
  });
});

describe('Salesforce stand-in: errors on demand', () => {
  it('answers a deactivated user, a password change, a locked org and a wrong secret as Salesforce does', async () => {
    const user = sf.addUser();
    const before = await login(user);
    sf.deactivateUser(user);
    expect(await refused(await refresh(before.refresh_token!))).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'authentication failure' },
    });
    expect((await get(LIMITS, before.access_token)).status).toBe(401);
    sf.deactivateUser(user, 'inactive_user');
    expect((await refused(await refresh(before.refresh_token!))).body.error).toBe('inactive_user');
    sf.reactivateUser(user);
    expect((await refresh(before.refresh_token!)).status).toBe(200);

    const current = (await login(user)).refresh_token!;
    sf.clock.advance(10);
    sf.changePassword(user);
    expect((await refused(await refresh(current))).body.error_description).toBe('authentication failure');
    const after = await refresh((await login(user)).refresh_token!);
    expect(after.status).toBe(200);

    sf.setOrgActive(user.orgId, false);
    expect(
      (await refused(await refresh(((await after.json()) as TokenAnswer).refresh_token!))).body.error,
    ).toBe('inactive_org');
    sf.setOrgActive(user.orgId, true);

    const secret = sf.clientSecret;
    sf.setClientSecret('rotated-secret');
    const wrong = await tokenCall({ grant_type: 'refresh_token', refresh_token: 'x', client_secret: secret });
    expect(await refused(wrong)).toEqual({
      status: 400,
      body: { error: 'invalid_client', error_description: 'invalid client credentials' },
    });
    const unknownClient = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: 'nope',
    });
    expect((await refused(unknownClient)).body.error).toBe('invalid_client_id');
  });

  it('switches an error on for one user, org or token, once or until cleared', async () => {
    const mine = await login();
    const user = sf.addUser();
    const theirs = await login(user);
    sf.failTokens('expired', { user });
    expect((await refresh(mine.refresh_token!)).status).toBe(200);
    expect(await refused(await refresh(theirs.refresh_token!))).toEqual({ status: 400, body: EXPIRED });
    const next = (await renew(theirs.refresh_token!)).refresh_token!;

    const sticky = sf.failTokens('inactiveOrg', { orgId: user.orgId, times: Infinity });
    for (let i = 0; i < 2; i++) expect((await refused(await refresh(next))).body.error).toBe('inactive_org');
    sticky.clear();
    const last = (await renew(next)).refresh_token!;

    sf.failTokens('invalidClient', { refreshToken: last });
    expect((await refused(await refresh(last))).body.error).toBe('invalid_client');
    expect((await refresh(last)).status).toBe(200);
  });

  it('answers 5xx or late on demand, once or sticky; a late refresh still rotates', async () => {
    const { refresh_token, access_token } = await login();
    sf.faults.add({ on: 'token', status: 503 });
    expect((await refresh(refresh_token!)).status).toBe(503);
    const rotated = (await renew(refresh_token!)).refresh_token!;

    const outage = sf.faults.add({ on: 'rest', status: 500, times: Infinity });
    for (let i = 0; i < 2; i++) {
      const res = await get(LIMITS, access_token);
      expect(res.status).toBe(500);
      expect((await restErrors(res))[0]!.errorCode).toBe('UNKNOWN_EXCEPTION');
    }
    outage.clear();
    expect((await get(LIMITS, access_token)).status).toBe(200);

    sf.faults.add({ on: 'token', delayMs: 300 });
    const gaveUp = fetch(`${sf.url}/services/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: rotated,
        client_id: sf.clientId,
        client_secret: sf.clientSecret,
      }),
      signal: AbortSignal.timeout(50),
    });
    await expect(gaveUp).rejects.toThrow();
    await expect.poll(() => sf.isActive(rotated)).toBe(false);
  });
});

describe('Salesforce stand-in: revoke', () => {
  const revoke = (token: string) =>
    fetch(`${sf.url}/services/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(token ? { token } : {}),
    });

  it('revokes a refresh token with its access tokens, and refuses an unknown one', async () => {
    const { refresh_token, access_token } = await login();
    const other = await login();
    expect((await revoke(other.access_token)).status).toBe(200);
    expect(sf.isActive(other.access_token)).toBe(false);
    expect(sf.isActive(other.refresh_token!)).toBe(true);

    expect((await revoke(refresh_token!)).status).toBe(200);
    expect(sf.revoked).toEqual([other.access_token, refresh_token]);
    expect((await get(LIMITS, access_token)).status).toBe(401);
    expect(await refused(await refresh(refresh_token!))).toEqual({ status: 400, body: EXPIRED });
    expect(await refused(await revoke(refresh_token!))).toEqual({
      status: 400,
      body: { error: 'unsupported_token_type', error_description: 'this token type is not supported' },
    });
    expect((await refused(await revoke(''))).body.error).toBe('invalid_token');
  });
});

describe('Salesforce stand-in: REST API and identity', () => {
  it('lists the API versions for free, without a session or the usage header', async () => {
    const res = await get('/services/data/');
    expect(res.status).toBe(200);
    expect(res.headers.get('sforce-limit-info')).toBeNull();
    const versions = (await res.json()) as { label: string; url: string; version: string }[];
    expect(versions).toContainEqual({ label: "Winter '24", url: '/services/data/v59.0', version: '59.0' });
    expect(versions.at(-1)!.version).toBe(LATEST_API_VERSION);
    expect(sf.apiUsage(STAND_IN_USER.orgId).used).toBe(0);
  });

  it('answers limits with the usage header, counts each call and refuses calls past the limit', async () => {
    const { access_token } = await login();
    sf.setApiUsage(STAND_IN_USER.orgId, { max: 1000, remaining: 50 });
    const res = await get(LIMITS, access_token);
    expect(res.headers.get('sforce-limit-info')).toBe('api-usage=951/1000');
    expect(((await res.json()) as Record<string, unknown>).DailyApiRequests).toEqual({
      Max: 1000,
      Remaining: 49,
    });
    const again = await get(`/services/data/v${LATEST_API_VERSION}/`, access_token);
    expect(again.headers.get('sforce-limit-info')).toBe('api-usage=952/1000');
    expect(sf.apiUsage(STAND_IN_USER.orgId)).toEqual({ used: 952, max: 1000 });

    sf.setApiUsage(STAND_IN_USER.orgId, { used: 1000 });
    const over = await get(LIMITS, access_token);
    expect(over.status).toBe(403);
    expect((await restErrors(over))[0]!.errorCode).toBe('REQUEST_LIMIT_EXCEEDED');
    // The daily limit counts the last 24 hours.
    sf.clock.advance({ hours: 1 });
    sf.settings.accessTokenTtlMs = 10 * 86_400_000;
    const fresh = await login();
    sf.clock.advance({ hours: 24 });
    expect((await get(LIMITS, fresh.access_token)).headers.get('sforce-limit-info')).toBe('api-usage=1/1000');
  });

  it('refuses limits to a user without View Setup and Configuration', async () => {
    const { access_token } = await login();
    sf.setViewSetup(STAND_IN_USER, false);
    const res = await get(LIMITS, access_token);
    expect(res.status).toBe(403);
    expect(res.headers.get('sforce-limit-info')).toBe('api-usage=1/15000');
    expect((await restErrors(res))[0]).toMatchObject({
      errorCode: 'INSUFFICIENT_ACCESS',
      message: expect.any(String),
    });
  });

  it('answers the identity URL, userinfo and the Organization query for each user and org', async () => {
    const sandboxUser = sf.addUser({ username: 'qa@acme.example.com.qa', sandbox: true });
    const answer = await login(sandboxUser);
    expect(answer.id).toBe(`${sf.url}/id/${sandboxUser.orgId}/${sandboxUser.userId}`);
    const identity = await (await get(new URL(answer.id).pathname, answer.access_token)).json();
    expect(identity).toMatchObject({
      user_id: sandboxUser.userId,
      organization_id: sandboxUser.orgId,
      username: 'qa@acme.example.com.qa',
      urls: { rest: `${sf.url}/services/data/v{version}/` },
    });
    const userinfo = await (await get('/services/oauth2/userinfo', answer.access_token)).json();
    expect(userinfo).toMatchObject({ sub: answer.id, preferred_username: 'qa@acme.example.com.qa' });
    const q = encodeURIComponent('SELECT Id, IsSandbox FROM Organization');
    const query = (await (
      await get(`/services/data/v${LATEST_API_VERSION}/query?q=${q}`, answer.access_token)
    ).json()) as { records: unknown[] };
    expect(query.records[0]).toMatchObject({ Id: sandboxUser.orgId, IsSandbox: true });
    expect((await get(new URL(answer.id).pathname, 'not-a-token')).status).toBe(403);
  });

  it('gives a refreshed sandbox a new org id that later token answers and identity URLs name', async () => {
    const first = await login();
    const newId = sf.refreshSandbox(STAND_IN_USER.orgId);
    expect(sf.orgId(STAND_IN_USER.orgId)).toBe(newId);
    const renewed = (await renew(first.refresh_token!)) as TokenAnswer;
    expect(renewed.id).toBe(`${sf.url}/id/${newId}/${STAND_IN_USER.userId}`);
    const identity = await get(new URL(renewed.id).pathname, renewed.access_token);
    expect(((await identity.json()) as { organization_id: string }).organization_id).toBe(newId);
    const old = await get(new URL(first.id).pathname, renewed.access_token);
    expect((await restErrors(old))[0]!.errorCode).toBe('Wrong_Org');
    // A login as the user named by the old org id lands in the refreshed org.
    expect((await login()).id).toContain(`/id/${newId}/`);

    sf.refreshSandbox(newId, { revokeTokens: true });
    expect(await refused(await refresh(renewed.refresh_token!))).toEqual({ status: 400, body: EXPIRED });
  });

  it('introspects tokens for the connected app', async () => {
    const { access_token, refresh_token } = await login();
    const introspect = async (token: string) =>
      (
        await fetch(`${sf.url}/services/oauth2/introspect`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token, client_id: sf.clientId, client_secret: sf.clientSecret }),
        })
      ).json();
    expect(await introspect(access_token)).toMatchObject({
      active: true,
      token_type: 'access_token',
      exp: expect.any(Number),
    });
    expect(await introspect(refresh_token!)).toMatchObject({ active: true, token_type: 'refresh_token' });
    expect(await introspect('unknown')).toEqual({ active: false });
  });
});

describe('Salesforce stand-in: call counters', () => {
  it('counts calls per endpoint and per grant', async () => {
    const { refresh_token, access_token } = await login();
    await refresh(refresh_token!);
    await get('/services/data/');
    await get(LIMITS, access_token);
    await get(LIMITS, access_token);
    expect(sf.calls).toMatchObject({
      authorize: 1,
      token: 2,
      codeGrant: 1,
      refreshGrant: 1,
      versions: 1,
      limits: 2,
      revoke: 0,
    });
    sf.resetCalls();
    expect(Object.values(sf.calls).every((n) => n === 0)).toBe(true);
  });
});
