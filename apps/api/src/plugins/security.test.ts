import { MESSAGES } from '@skyvault/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenantWithUser, createTestApp, type TestApp, type TestUser } from '../../test/app.js';

/** The router decodes percent-escapes, so these reach the same routes as their plain spellings. */
const ENCODED_API = ['/%61pi/v1', '/api/%76%31', '/%61%70%69/v1'];

describe('API request rules', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTenantWithUser(t, { isAdmin: true });
  });
  afterAll(() => t.close());

  it('refuses a cross-origin state-changing call however the API path is spelled', async () => {
    for (const prefix of ['/api/v1', ...ENCODED_API]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${prefix}/groups`,
        headers: { origin: 'https://evil.example.com', cookie: admin.cookie },
        payload: { name: 'Planted group', roleId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(res.statusCode, prefix).toBe(403);
      expect(res.json(), prefix).toMatchObject({ code: 'CSRF_REJECTED' });
    }
  });

  it('refuses a state-changing call without the console header on an encoded API path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v1/groups',
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });

  it('resolves the session cookie on an encoded API path as on the plain one', async () => {
    const plain = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: admin.cookie });
    expect(plain.statusCode).toBe(200);
    for (const prefix of ENCODED_API) {
      const res = await call(t, { method: 'GET', url: `${prefix}/auth/session`, cookie: admin.cookie });
      expect(res.statusCode, prefix).toBe(200);
      expect(res.json(), prefix).toEqual(plain.json());
    }
  });

  it('answers an unknown encoded API path with the JSON error body', async () => {
    const res = await call(t, { method: 'GET', url: '/%61pi/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('names the field of a long path id, and answers a path past any id, or mis-encoded, in the error body', async () => {
    const long = await call(t, {
      method: 'GET',
      url: `/api/v1/users/${'a'.repeat(2000)}`,
      cookie: admin.cookie,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { id: expect.any(String) } });
    const tooLong = await call(t, {
      method: 'GET',
      url: `/api/v1/users/${'a'.repeat(5000)}`,
      cookie: admin.cookie,
    });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      statusCode: 414,
      code: 'URI_TOO_LONG',
      message: 'The address is too long.',
      requestId: expect.any(String),
    });
    expect(tooLong.headers['cache-control']).toBe('no-store');
    const misEncoded = await call(t, { method: 'GET', url: '/api/v1/users/%E0%A4%A', cookie: admin.cookie });
    expect(misEncoded.statusCode).toBe(400);
    expect(misEncoded.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The request could not be understood.',
    });
  });

  it('refuses text that no column can hold, naming its field, in a body, a query and a path', async () => {
    const answers = [
      await call(t, {
        method: 'POST',
        url: '/api/v1/storages',
        cookie: admin.cookie,
        headers: { 'content-type': 'application/json' },
        payload:
          '{"name":"nul-test","type":"AzureBlob","credentials":{"accountName":"abc\\u0000","accountKey":"key","containerName":"box"}}',
      }),
      await call(t, { method: 'GET', url: '/api/v1/users?searchText=%00', cookie: admin.cookie }),
      await call(t, { method: 'GET', url: '/api/v1/auth/change-password/a%00b' }),
    ];
    expect(answers.map((res) => [res.statusCode, res.json().fields])).toEqual([
      [400, { 'credentials.accountName': MESSAGES.unstorableText }],
      [400, { searchText: MESSAGES.unstorableText }],
      [400, { code: MESSAGES.unstorableText }],
    ]);
  });

  it('forbids caching of every API answer, errors included', async () => {
    const answers = await Promise.all([
      call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: admin.cookie }),
      call(t, { method: 'GET', url: '/api/v1/auth/session' }),
      call(t, { method: 'GET', url: '/api/v1/brand' }),
      call(t, { method: 'GET', url: '/api/v1/nothing-here' }),
      call(t, { method: 'GET', url: '/%61pi/v1/brand' }),
      t.app.inject({ method: 'POST', url: '/api/v1/groups', payload: {} }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 200, 404, 200, 403]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the caching of the authorization server to it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oauth/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
