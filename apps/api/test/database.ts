import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Database, Tx } from '../src/db/client.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { tenants } from '../src/db/schema/index.js';
import { adminUrl } from './db-names.js';
import { useOpened } from './opened.js';

/** Serialises CREATE DATABASE … TEMPLATE across test workers (PostgreSQL refuses concurrent copies). */
const CREATE_LOCK = 7_310_002;

/**
 * A fresh database for one test file, copied from the migrated template: PGlite in memory by
 * default, a new PostgreSQL database when TEST_DATABASE_URL is set (dropped on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = readFileSync(inject('pgliteTemplate'));
    const { database } = await openPglite({ loadDataDir: new Blob([dump]) });
    return database;
  }
  const created = await createTestPostgresDatabase(url);
  const { database } = openPostgres(created.url, { max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A new PostgreSQL database on TEST_DATABASE_URL's server, copied from the migrated template, for tests
 * that connect to it their own way (through a proxy that can play an outage); `drop` removes it.
 */
export async function createTestPostgresDatabase(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `skyvault_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(adminUrl(url), { max: 1 });
  const client = await admin.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [CREATE_LOCK]);
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [CREATE_LOCK]).catch(() => {});
    client.release();
  }
  return {
    url: adminUrl(url, name),
    drop: async () => {
      await admin.pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.database.close();
    },
  };
}

/**
 * A new PostgreSQL database (see createTestPostgresDatabase) that a describe block's tests share: made
 * before its first test and dropped after its last, outside any test's own time. On a busy server,
 * CREATE DATABASE waits its turn behind the other files' and DROP DATABASE for a checkpoint, which
 * took most of a minute.
 */
export const usePostgresDatabase = (): { readonly url: string } =>
  useOpened(async () => {
    const created = await createTestPostgresDatabase(process.env.TEST_DATABASE_URL!);
    return { url: created.url, close: created.drop };
  });

/**
 * A fresh database with these tenants (id and name), each given its rows by `seed` in a transaction of
 * the tenant's own, for tests of what one tenant's transactions may see.
 */
export async function openWithTenants(
  named: readonly (readonly [id: string, name: string])[],
  seed: (tx: Tx, tenantId: string, name: string) => Promise<unknown>,
): Promise<Database> {
  const database = await openTestDatabase();
  for (const [id, name] of named) {
    await database.tenant(id, async (tx) => {
      await tx.insert(tenants).values({ id, name, services: ['backup'] });
      await seed(tx, id, name);
    });
  }
  return database;
}
