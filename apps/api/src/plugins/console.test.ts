import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenantWithUser, createTestApp, type TestApp } from '../../test/app.js';
import { withSession } from './console-pages.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<!-- filler -->'.repeat(100)}</body></html>`;

const SIGNED_IN_PAGE = PAGE.replace(
  '</head>',
  '<link rel="modulepreload" href="/assets/shell-Ij90Kl12.js"></head>',
);

const screenPage = (route: string) =>
  SIGNED_IN_PAGE.replace('</head>', `<link rel="modulepreload" href="/assets/${route}.js"></head>`);

/** A built console in miniature: each file with the .br and .gz the build writes beside it. */
function fakeConsole(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skyvault-console-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, content: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  };
  write('index.html', PAGE);
  write('index.signed-in.html', SIGNED_IN_PAGE);
  mkdirSync(path.join(dir, 'screens'));
  for (const route of ['users.show', 'roles.show', 'roles.create'])
    write(`screens/${route}.html`, screenPage(route));
  write(
    'screens.json',
    JSON.stringify([
      { path: '/users/:userId', page: 'screens/users.show.html' },
      { path: '/roles/:roleId', page: 'screens/roles.show.html' },
      { path: '/roles/create', page: 'screens/roles.create.html' },
    ]),
  );
  write('assets/index-Ab12Cd34.js', SCRIPT);
  // A file the build found too small to compress.
  writeFileSync(path.join(dir, 'assets', 'tiny-Ef56Gh78.js'), 'export{};\n');
  return dir;
}

describe('the console files', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fakeConsole();
    vi.stubEnv('CONSOLE_DIR', dir);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        ...(cookie ? { cookie } : {}),
      },
    });

  it('sends a hashed asset brotli-compressed, cached as immutable', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when only gzip is accepted, and the file itself when nothing is', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is', async () => {
    const res = await get('/assets/tiny-Ef56Gh78.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe('export{};\n');
  });

  it('answers index.html with no-cache, compressed, for itself and for every console page', async () => {
    for (const url of ['/index.html', '/', '/auth/login', '/people/users']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(PAGE);
    }
    const gzipped = await get('/auth/login', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('no-cache');
  });

  it('answers a browser with a session cookie with the page that announces the signed-in shell', async () => {
    const signedIn = await get('/people/users', 'br', 'skyvault_session=anything');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    expect(brotliDecompressSync(signedIn.rawPayload).toString()).toBe(SIGNED_IN_PAGE);
    // A screen's address: the page that announces that screen's code too, a fixed word before a parameter.
    for (const [url, route] of [
      ['/users/6d9e0f1a?tab=groups', 'users.show'],
      ['/roles/create', 'roles.create'],
      ['/roles/3f2a', 'roles.show'],
    ] as const) {
      const res = await get(url, 'br', 'skyvault_session=anything');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(screenPage(route));
    }
    const deeper = await get('/users/6d9e0f1a/more', 'br', 'skyvault_session=anything');
    expect(brotliDecompressSync(deeper.rawPayload).toString()).toBe(SIGNED_IN_PAGE);
    // Another cookie is not a session: the login page's first load stays as it is.
    const other = await get('/auth/login', 'br', 'skyvault_known_browser=1');
    expect(brotliDecompressSync(other.rawPayload).toString()).toBe(PAGE);
    expect(other.headers.vary).toMatch(/cookie/i);
  });

  it('puts the session in the signed-in page, for that browser only', async () => {
    const { cookie, email } = await createTenantWithUser(t);
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie } });
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/users/6d9e0f1a', encoding, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe(encoding);
      const body =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(body).toBe(withSession(screenPage('users.show'), session.body));
      const json = body.match(/<script type="application\/json" id="session">(.*?)<\/script>/)?.[1];
      expect(JSON.parse(json ?? '')).toEqual(session.json());
      expect(session.json()).toMatchObject({ email });
    }
  });

  it('escapes the session so that nothing in it ends its element', () => {
    const page = withSession(
      '<head></head>',
      JSON.stringify({ name: "</script><script>alert(1)</script> & $' \u2028" }),
    );
    expect(page).not.toContain('</script><script>');
    expect(page).not.toContain("& $'");
    const json = page.match(/id="session">(.*)<\/script><\/head>$/)?.[1];
    expect(JSON.parse(json ?? '')).toEqual({ name: "</script><script>alert(1)</script> & $' \u2028" });
  });

  it('answers a well-known path at the root with the JSON 404, not the console page; the OAuth discovery stays', async () => {
    for (const url of [
      '/.well-known/openid-configuration',
      '/.well-known/oauth-authorization-server',
      '/.well-known/security.txt',
      '/.well-known/anything/deeper?x=1',
      '/%2Ewell-known/openid-configuration',
      '/.well-known',
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: `No such path: GET ${url.split('?')[0]}`,
        requestId: expect.any(String),
      });
    }
    const discovery = await get('/oauth/.well-known/openid-configuration');
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({ issuer: expect.stringMatching(/\/oauth$/) });
    // A console page whose name only looks alike is still the console.
    expect((await get('/well-known')).statusCode).toBe(200);
  });

  it('still answers an unknown API path with the JSON 404', async () => {
    const res = await get('/api/v1/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
