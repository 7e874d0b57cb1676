import { desc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTenantWithUser, testConfig, useTestApp } from '../../../test/app.js';
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
  const t = useTestApp(() => startOAuthApp({ OAUTH_KEY_REFRESH: '0' }));

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
    const config = testConfig({ PUBLIC_URL: baseUrl, OAUTH_KEY_REFRESH: '0' });
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

  /** An ID token from the running server, and the kid it is signed with. */
  async function idTokenKid(server: OAuthTestApp): Promise<string> {
    const user = await createTenantWithUser(server);
    const app = await insertApplication(server, user.tenantId);
    const { url, exchange } = await authorizationRequest(server, app);
    const back = await navigate(server, new CookieJar(user.cookie), url);
    const tokens = await exchange(back.url);
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('RS256');
    return header.kid as string;
  }

  it('rotates without a restart: the new key is published at once and signs after its activation', async () => {
    const [old] = await jwksOf(t.issuer);
    const activationDelayMs = 2000;
    const rotated = await runAdmin(
      ['oauth-keys', 'rotate'],
      { database: t.database, secrets: t.app.services.secrets, keyActivationDelayMs: activationDelayMs },
      () => {},
    );
    expect(rotated).toBe(0);
    const [created] = await t.database.system((tx) =>
      tx.select().from(oidcKeys).where(sql`${oidcKeys.kid} <> ${old!}`).orderBy(desc(oidcKeys.createdAt)),
    );
    const kid = created!.kid;
    const list = (await admin('oauth-keys', 'list')).out;
    expect(list).toMatch(new RegExp(`${kid}  RS256  created .*  published, signs from `));
    expect(list).toMatch(new RegExp(`${old}  RS256  created .*  active, retires `));

    // The running server (OAUTH_KEY_REFRESH=0 here) publishes the new key at once and still signs
    // with the old one.
    expect(await jwksOf(t.issuer)).toEqual([old, kid]);
    expect(await idTokenKid(t)).toBe(old);

    await new Promise((resolve) => setTimeout(resolve, created!.activatesAt.getTime() - Date.now() + 50));
    expect(await jwksOf(t.issuer)).toEqual([kid, old]);
    expect(await idTokenKid(t)).toBe(kid);
    expect((await admin('oauth-keys', 'list')).out).toMatch(
      new RegExp(`${old}  RS256  created .*  retired `),
    );

    // Another process (as after a restart) agrees.
    const next = await restart();
    try {
      expect(await jwksOf(next.issuer)).toEqual([kid, old]);
      expect(await idTokenKid(next)).toBe(kid);
    } finally {
      await next.stop();
    }
  });

  it('re-reads the keys on its refresh interval, not on every request', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = testConfig({ PUBLIC_URL: baseUrl, OAUTH_KEY_REFRESH: '60' });
    const app = await buildApp(config, { database: { ...t.database, close: async () => {} }, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    try {
      const before = await jwksOf(`${baseUrl}/oauth`);
      await runAdmin(
        ['oauth-keys', 'rotate'],
        { database: t.database, secrets: t.app.services.secrets },
        () => {},
      );
      // Within the minute this process still publishes what it read; the server with
      // OAUTH_KEY_REFRESH=0 already has the new key.
      expect(await jwksOf(`${baseUrl}/oauth`)).toEqual(before);
      expect((await jwksOf(t.issuer)).length).toBe(before.length + 1);
    } finally {
      await app.close();
    }
  });

  it('explains its subcommands', async () => {
    const wrong = await admin('oauth-keys', 'spin');
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('oauth-keys needs list or rotate.');
    expect(wrong.out).toContain('oauth-keys rotate');
  });
});
