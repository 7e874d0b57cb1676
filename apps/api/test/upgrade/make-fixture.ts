/**
 * Makes the upgrade fixture of this build: a PostgreSQL database populated through the API (two
 * tenants with users, a group, a role with permissions, a storage, a Salesforce connection with
 * sealed tokens, a connected app, an identity provider, an MFA device and an IP range), dumped as
 * SQL into fixtures/<NNNN>.sql with what the API answered into fixtures/<NNNN>.json, NNNN being the
 * newest migration. A release runs it once and commits both files:
 *
 *   npx tsx apps/api/test/upgrade/make-fixture.ts [postgres://postgres@127.0.0.1:5432/postgres]
 *   npx biome check --write apps/api/test/upgrade
 *
 * The server is only borrowed: the script creates its own database there and drops it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { migrate, migrationsFolder } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/postgres.js';
import { connections } from '../../src/db/schema/index.js';
import { startTestProvider } from '../../src/modules/sso/sso.test-helpers.js';
import { sealedAt } from '../../src/platform/secrets/sealed-at.js';
import { type TestApp, testConfig } from '../app.js';
import { adminUrl } from '../db-names.js';
import { startSalesforceStandIn } from '../salesforce-stand-in.js';
import { FIXTURE_SECRETS_KEY, FIXTURES_DIR, type Fixture, type FixtureTenant } from './fixture.js';
import { populateTenant } from './populate.js';

const serverUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The newest migration of this build, as its file name's number ("0013"). */
function newestMigration(): string {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const tag = journal.entries.at(-1)?.tag ?? '';
  return tag.slice(0, 4);
}

/**
 * The dump as an empty PGlite or PostgreSQL database runs it: without psql meta-commands, without the
 * dump server's session settings, and with the cluster-wide role the dump's grants name created first.
 */
export function loadableDump(dump: string): string {
  const settings =
    /^SET (default_table_access_method|idle_in_transaction_session_timeout|transaction_timeout|xmloption|row_security|lock_timeout|statement_timeout|default_tablespace)\b/;
  const kept = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .filter((line) => !settings.test(line))
    .filter((line) => !line.startsWith("SELECT pg_catalog.set_config('search_path'"))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  const role = [
    '-- The role the migrations create (cluster-wide, so not in a dump), which the grants below name.',
    'DO $$',
    'BEGIN',
    "  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'skyvault_app') THEN",
    '    CREATE ROLE skyvault_app NOLOGIN NOSUPERUSER NOBYPASSRLS;',
    '  END IF;',
    'END',
    '$$;',
  ].join('\n');
  return `${role}\n${kept}`;
}

async function main() {
  const migration = newestMigration();
  const name = `skyvault_fixture_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(adminUrl(serverUrl), { max: 1 });
  await admin.pool.query(`CREATE DATABASE "${name}"`);
  const sf = await startSalesforceStandIn();
  const idp = await startTestProvider();
  try {
    const { database } = openPostgres(adminUrl(serverUrl, name), { max: 4 });
    await migrate(database);
    const config = testConfig({
      ...sf.env(),
      SECRETS_KEY: FIXTURE_SECRETS_KEY,
      PUBLIC_URL: 'https://console.example.com',
      OUTBOUND_PRIVATE_NETWORKS: 'true',
    });
    const app = await buildApp(config, { database, logger: false });
    await app.ready();
    const t: TestApp = { app, database, config, close: () => app.close() };
    const tenants: FixtureTenant[] = [
      await populateTenant(t, { name: 'Acme', sf, issuer: idp.issuer, withIpRange: true }),
      await populateTenant(t, { name: 'Globex', sf, issuer: idp.issuer, withIpRange: false }),
    ];
    // The Salesforce tokens are sealed; what they open to is the stand-in's, known only now.
    for (const tenant of tenants) {
      const rows = await database.tenant(tenant.tenantId, (tx) =>
        tx.select().from(connections).where(eq(connections.tenantId, tenant.tenantId)),
      );
      for (const row of rows.filter((r) => r.refreshToken)) {
        tenant.sealed.push({
          table: 'connections',
          column: 'refresh_token',
          id: row.id,
          plain: app.services.secrets.open(
            sealedAt.connectionRefreshToken(tenant.tenantId, row.id),
            row.refreshToken!,
          ),
        });
      }
    }
    await app.close();
    const dump = execFileSync(
      'pg_dump',
      ['--no-owner', '--column-inserts', '--no-comments', adminUrl(serverUrl, name)],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const fixture: Fixture = { migration, tenants };
    writeFileSync(path.join(FIXTURES_DIR, `${migration}.sql`), loadableDump(dump));
    writeFileSync(path.join(FIXTURES_DIR, `${migration}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
    process.stdout.write(`fixtures/${migration}.sql and fixtures/${migration}.json written\n`);
  } finally {
    await sf.close();
    await idp.close();
    await admin.pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.database.close();
  }
}

await main();
