import { applicationEndpoints, DAY_MS, MESSAGES, MINUTE_MS } from '@skyvault/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { appUrl, createApp, oauthData } from './applications.test-helpers.js';

const NAME_PATTERN = 'Name should contain only letters, digits, spaces and "-", "_" symbols';

describe('connected app rules', () => {
  let u: TestUser;
  let appId: string;
  const t = useTestApp();
  const api = apiCaller(t);
  beforeAll(async () => {
    u = await createTenantWithUser(t);
    appId = (await createApp(t, u, 'Rules portal')).id;
  });

  /** The 400 body's fields for a body sent to create and to edit, which must agree. */
  async function fieldsOf(body: object, calls: ('create' | 'update')[] = ['create', 'update']) {
    const answers = [];
    for (const which of calls) {
      const res =
        which === 'create'
          ? await api.send(u, 'POST', '/api/v1/applications', body)
          : await api.send(u, 'PATCH', appUrl(appId), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(res.json().message).toBe(Object.values(res.json().fields)[0]);
      answers.push(res.json().fields);
    }
    if (answers.length === 2) expect(answers[0]).toEqual(answers[1]);
    return answers[0];
  }

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: '    ' }, 'Name is required'],
    [{ name: null }, 'Name is required'],
    [{ name: 123 }, expect.any(String)],
    [{ name: 'abc' }, 'Name should have at least 4 symbols'],
    [{ name: ' ab ' }, 'Name should have at least 4 symbols'],
    [{ name: 'x'.repeat(65) }, 'Name should have less than 64 symbols'],
    [{ name: '<b>bold</b>' }, NAME_PATTERN],
    [{ name: "x'); DROP TABLE applications; --" }, NAME_PATTERN],
    [{ name: 'Portal.app' }, NAME_PATTERN],
    [{ name: 'Rocket 🚀' }, NAME_PATTERN],
  ])('reports the name %j as %s', async (body, message) => {
    expect(await fieldsOf(body)).toEqual({ name: message });
  });

  it('requires a name to create', async () => {
    expect(await fieldsOf({}, ['create'])).toEqual({ name: 'Name is required' });
  });

  it('takes names of any script at the bounds, and the edge lengths', async () => {
    for (const name of ['Приложение 1', 'アプリ_テスト', 'abcd', 'y'.repeat(64), 'my-app_2']) {
      const res = await api.call(u, applicationEndpoints.create, { body: { name } });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().name).toBe(name);
    }
  });

  const withOAuth = (oauth: object) => ({ data: oauthData({ oauth }) });
  const withPolicy = (authorizationPolicy: object) => ({ data: oauthData({ authorizationPolicy }) });
  const update = ['update'] as ('create' | 'update')[];

  it('requires at least one callback URL; sign-out URLs may be empty', async () => {
    expect(await fieldsOf(withOAuth({ authorizedCallbackURLs: [] }), update)).toEqual({
      'data.oauth.authorizedCallbackURLs': MESSAGES.callbackUrlRequired,
    });
    const res = await api.send(u, 'PATCH', appUrl(appId), withOAuth({ authorizedSignOutURLs: [] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.oauth.authorizedSignOutURLs).toEqual([]);
  });

  it.each([
    ['https://'],
    ['not a url'],
    ['ftp://files.example.com/cb'],
    ['javascript:alert(1)'],
    ['example.com/callback'],
    [`https://example.com/${'a'.repeat(2048)}`],
  ])('refuses the URL %s in either list', async (url) => {
    expect(
      await fieldsOf(withOAuth({ authorizedCallbackURLs: ['https://ok.example.com/cb', url] }), update),
    ).toEqual({ 'data.oauth.authorizedCallbackURLs.1': MESSAGES.urlInvalid });
    expect(await fieldsOf(withOAuth({ authorizedSignOutURLs: [url] }), update)).toEqual({
      'data.oauth.authorizedSignOutURLs.0': MESSAGES.urlInvalid,
    });
  });

  it.each([
    ['http://app.example.com/cb'],
    ['http://192.168.1.20:8080/cb'],
    ['http://127.0.0.1.evil.example/cb'],
  ])('refuses plain http to %s in either list, and takes it back to the user’s own machine', async (url) => {
    expect(
      await fieldsOf(withOAuth({ authorizedCallbackURLs: ['https://ok.example.com/cb', url] }), update),
    ).toEqual({ 'data.oauth.authorizedCallbackURLs.1': MESSAGES.urlInsecure });
    expect(await fieldsOf(withOAuth({ authorizedSignOutURLs: [url] }), update)).toEqual({
      'data.oauth.authorizedSignOutURLs.0': MESSAGES.urlInsecure,
    });
    const loopback = ['http://localhost:3000/cb', 'http://127.0.0.1:8080/cb', 'http://[::1]/cb'];
    const res = await api.send(
      u,
      'PATCH',
      appUrl(appId),
      withOAuth({ authorizedCallbackURLs: loopback, authorizedSignOutURLs: loopback }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.oauth.authorizedCallbackURLs).toEqual(loopback);
  });

  it('refuses a URL with a fragment', async () => {
    expect(
      await fieldsOf(withOAuth({ authorizedCallbackURLs: ['https://app.example.com/cb#x'] }), update),
    ).toEqual({ 'data.oauth.authorizedCallbackURLs.0': MESSAGES.urlFragment });
  });

  it('refuses flows and scopes outside the fixed lists', async () => {
    const flows = await fieldsOf(withOAuth({ allowedFlows: ['password'] }), update);
    expect(Object.keys(flows)).toEqual(['data.oauth.allowedFlows.0']);
    const scopes = await fieldsOf(withOAuth({ allowedScopes: ['admin'] }), update);
    expect(Object.keys(scopes)).toEqual(['data.oauth.allowedScopes.0']);
  });

  it.each([
    [{ accessTokenLifetime: 0 }, 'accessTokenLifetime', MESSAGES.accessTokenLifetimeRange],
    [{ accessTokenLifetime: MINUTE_MS - 1 }, 'accessTokenLifetime', MESSAGES.accessTokenLifetimeRange],
    [{ accessTokenLifetime: DAY_MS + 1 }, 'accessTokenLifetime', MESSAGES.accessTokenLifetimeRange],
    [
      { accessTokenLifetime: 1.5 * MINUTE_MS + 0.5 },
      'accessTokenLifetime',
      MESSAGES.accessTokenLifetimeRange,
    ],
    [{ accessTokenLifetime: '60000' }, 'accessTokenLifetime', MESSAGES.accessTokenLifetimeRange],
    [{ refreshTokenLifetime: 5 * MINUTE_MS - 1 }, 'refreshTokenLifetime', MESSAGES.refreshTokenLifetimeRange],
    [{ refreshTokenLifetime: 365 * DAY_MS + 1 }, 'refreshTokenLifetime', MESSAGES.refreshTokenLifetimeRange],
    [
      { accessTokenLifetime: DAY_MS, refreshTokenLifetime: 60 * MINUTE_MS },
      'accessTokenLifetime',
      MESSAGES.accessTokenLifetimeExceedsRefresh,
    ],
  ])('refuses the lifetimes %j', async (policy, field, message) => {
    expect(await fieldsOf(withPolicy(policy), update)).toEqual({
      [`data.authorizationPolicy.${field}`]: message,
    });
  });

  it('takes the lifetime bounds, access equal to refresh included', async () => {
    for (const authorizationPolicy of [
      { accessTokenLifetime: MINUTE_MS, refreshTokenLifetime: 5 * MINUTE_MS },
      { accessTokenLifetime: DAY_MS, refreshTokenLifetime: 365 * DAY_MS },
      { accessTokenLifetime: 5 * MINUTE_MS, refreshTokenLifetime: 5 * MINUTE_MS },
    ]) {
      const res = await api.send(u, 'PATCH', appUrl(appId), { data: oauthData({ authorizationPolicy }) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.authorizationPolicy).toEqual(authorizationPolicy);
    }
  });

  it('refuses a partial data block, a wrong type for shared, and a malformed id', async () => {
    const partial = await api.send(u, 'PATCH', appUrl(appId), { data: { oauth: oauthData().oauth } });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(partial.json().fields)).toEqual(['data.authorizationPolicy']);
    const shared = await api.send(u, 'PATCH', appUrl(appId), { shared: 'yes' });
    expect(shared.statusCode).toBe(400);
    expect(Object.keys(shared.json().fields)).toEqual(['shared']);
    for (const action of ['', 'enable', 'disable', 'regenerate']) {
      const res = await api.send(u, action ? 'PATCH' : 'GET', appUrl('not-a-uuid', action));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});
