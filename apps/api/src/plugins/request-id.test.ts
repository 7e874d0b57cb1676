import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The app with its log lines kept, to see which id they carry. */
async function appWithLogs(env: Record<string, string>) {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
  const t = await createTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: stream });
  const reqIdsOf = (url: string) =>
    lines
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } })
      .filter((entry) => entry.req?.url === url)
      .map((entry) => entry.reqId);
  return { t, reqIdsOf };
}

describe('X-Request-Id without a trusted proxy', () => {
  let t: TestApp;
  let reqIdsOf: (url: string) => (string | undefined)[];
  beforeAll(async () => {
    ({ t, reqIdsOf } = await appWithLogs({}));
  });
  afterAll(() => t.close());

  it('ignores the id a client sends and answers a new one, the same as the log and the error body', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', requestId: id });
    expect(reqIdsOf('/api/v1/nothing-here')).toContain(id);
    expect(reqIdsOf('/api/v1/nothing-here')).not.toContain('chosen-by-client');
  });

  it('answers an id on every answer: a success, a refusal, the OAuth provider', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/brand' });
    expect(ok.headers['x-request-id']).toMatch(UUID);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/links' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().requestId).toBe(refused.headers['x-request-id']);
    const provider = await t.app.inject({ method: 'GET', url: '/oauth/.well-known/openid-configuration' });
    expect(provider.statusCode).toBe(200);
    expect(provider.headers['x-request-id']).toMatch(UUID);
    expect(ok.headers['x-request-id']).not.toBe(refused.headers['x-request-id']);
  });
});

describe('X-Request-Id behind a trusted proxy', () => {
  let t: TestApp;
  let reqIdsOf: (url: string) => (string | undefined)[];
  beforeAll(async () => {
    ({ t, reqIdsOf } = await appWithLogs({ TRUST_PROXY: 'true' }));
  });
  afterAll(() => t.close());

  it("keeps the proxy's id in the answer, the log and the error body", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'x-request-id': 'edge-4bf92f3577b34da6' },
    });
    expect(res.headers['x-request-id']).toBe('edge-4bf92f3577b34da6');
    expect(res.json().requestId).toBe('edge-4bf92f3577b34da6');
    expect(reqIdsOf('/api/v1/nothing-here')).toContain('edge-4bf92f3577b34da6');
  });

  it('generates one when the proxy sends none, or one unfit for a log line', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/brand' });
    expect(none.headers['x-request-id']).toMatch(UUID);
    for (const unfit of ['two words', 'x'.repeat(129), '"},{"level":60', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/brand',
        headers: { 'x-request-id': unfit },
      });
      expect(res.headers['x-request-id'], unfit).toMatch(UUID);
    }
  });
});

describe('X-Request-Id with TRUST_PROXY naming the proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' });
  });
  afterAll(() => t.close());

  const idFrom = async (remoteAddress: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/brand',
        remoteAddress,
        headers: { 'x-request-id': 'from-the-edge' },
      })
    ).headers['x-request-id'];

  it('keeps the id only from a listed proxy', async () => {
    expect(await idFrom('10.0.0.1')).toBe('from-the-edge');
    expect(await idFrom('192.168.4.20')).toBe('from-the-edge');
    expect(await idFrom('::ffff:10.0.0.1')).toBe('from-the-edge');
    expect(await idFrom('10.0.0.2')).toMatch(UUID);
    expect(await idFrom('2001:db8::1')).toMatch(UUID);
  });
});
