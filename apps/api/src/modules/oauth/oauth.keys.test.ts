import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithUser, testConfig } from '../../../test/app.js';
import {
  authorizationRequest,
  CookieJar,
  freePort,
  insertApplication,
  navigate,
  type OAuthTestApp,
  startOAuthApp,
} from '../../../test/oauth-client.js';
import { buildApp } from '../../app.js';
import { runAdmin } from '../../cli/admin-commands.js';
import { oidcKeys } from '../../db/schema/index.js';

describe('authorization server: signing keys', () => {
  let t: OAuthTestApp;
  beforeAll(async () => {
    t = await startOAuthApp();
  });
  afterAll(() => t.close());

  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, { database: t.database, secrets: t.app.services.secrets }, (l) =>
      lines.push(l),
    );
    return { code, out: lines.join('\n') };
  };
  const jwksOf = async (issuer: string) =>
    ((await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);

  /** A second server process on the same database, as after a restart. */
  async function restart(): Promise<OAuthTestApp & { stop: () => Promise<void> }> {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = testConfig({ PUBLIC_URL: baseUrl });
    // The first app owns the database; this one must not close it.
    const app = await buildApp(config, { database: { ...t.database, close: async () => {} }, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    return { ...t, app, config, baseUrl, issuer: `${baseUrl}/oauth`, stop: () => app.close() };
  }

  it('creates its first key at start and keeps the private part sealed', async () => {
    const rows = await t.database.system((tx) => tx.select().from(oidcKeys));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.privateJwk).toMatch(/^v2\./);
    expect(rows[0]!.privateJwk).not.toContain('"d"');
    expect(await jwksOf(t.issuer)).toEqual([rows[0]!.kid]);
    expect((await admin('oauth-keys', 'list')).out).toMatch(
      new RegExp(`^${rows[0]!.kid}  RS256  created .*  active$`),
    );
  });

  it('rotates: the new key signs from the next start, the retired one stays published', async () => {
    const [old] = await jwksOf(t.issuer);
    const rotated = await admin('oauth-keys', 'rotate');
    expect(rotated.code).toBe(0);
    const kid = /New signing key ([\w-]+)/.exec(rotated.out)![1]!;
    expect(kid).not.toBe(old);
    expect((await admin('oauth-keys', 'list')).out).toMatch(
      new RegExp(`${old}  RS256  created .*  retired `),
    );
    // The running server keeps the keys it started with.
    expect(await jwksOf(t.issuer)).toEqual([old]);

    const next = await restart();
    try {
      expect(await jwksOf(next.issuer)).toEqual([kid, old]);
      const user = await createTenantWithUser(next);
      const app = await insertApplication(next, user.tenantId);
      const { url, exchange } = await authorizationRequest(next, app);
      const back = await navigate(next, new CookieJar(user.cookie), url);
      const tokens = await exchange(back.url);
      const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString());
      expect(header).toMatchObject({ alg: 'RS256', kid });
    } finally {
      await next.stop();
    }
  });

  it('explains its subcommands', async () => {
    const wrong = await admin('oauth-keys', 'spin');
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('oauth-keys needs list or rotate.');
    expect(wrong.out).toContain('oauth-keys rotate');
  });
});
