import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/**
 * Runs the SQL migrations on PostgreSQL while servers of the previous release keep serving from the
 * same database (README "Upgrades"). drizzle's own migrator applies every pending migration in one
 * transaction, so the locks the first one takes are held until the last one ends, and a migration that
 * waits for a lock behind a long request makes every request queue behind it. Here each migration is a
 * transaction of its own, with `lock_timeout`: one that cannot have its locks soon gives up (servers
 * wait at most that long behind it), is rolled back and is tried again after a pause. The bookkeeping
 * is drizzle's (`drizzle.__drizzle_migrations`: a row per migration, its hash and its journal time),
 * so databases migrated by either runner go on with the other.
 */

/** Any number of processes may migrate at once on one PostgreSQL: one migrates, the others wait. */
export const MIGRATION_LOCK_KEY = 7_310_001;

/** The database's answers that mean "another session held the lock": worth trying again. */
const RETRYABLE = new Set(['55P03', '40P01', '40001']);

export interface MigrationRunnerOptions {
  /** How long one statement may wait for a lock before the migration is rolled back (ms). */
  lockTimeoutMs?: number;
  /** How many times a migration is tried in all. */
  attempts?: number;
  /** The first pause between two tries (ms); each later one is twice as long. */
  backoffMs?: number;
  /** Where each retry is told (one line each). */
  log?: (line: string) => void;
  /** Run on the migrating connection before the first migration (the settings the migrations read). */
  prepare?: (client: MigrationClient) => Promise<void>;
}

interface PendingMigration {
  tag: string;
  statements: string[];
  hash: string;
  when: number;
}

/** The journal's migrations, as drizzle reads them (statements, hash, time), with their names. */
export function readMigrations(folder: string): PendingMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return files.map((file, i) => ({
    tag: journal.entries[i]!.tag,
    statements: file.sql,
    hash: file.hash,
    when: file.folderMillis,
  }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const codeOf = (error: unknown) => (error as { code?: unknown }).code;

/** What the runner needs of a connection: node-postgres' client and PGlite both answer so. */
export interface MigrationClient {
  query<R extends object>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * A migration whose first line is this comment runs statement by statement outside a transaction:
 * `CREATE INDEX CONCURRENTLY` (which no transaction may hold) builds an index on a large table without
 * blocking its writers. Each statement must be safe to run again (a build that failed leaves an invalid
 * index, so such a migration drops it first), since a retry starts the migration over.
 */
export const OUTSIDE_TRANSACTION = '-- skyvault: outside a transaction';

const outsideTransaction = (migration: PendingMigration) =>
  migration.statements[0]?.trimStart().startsWith(OUTSIDE_TRANSACTION) ?? false;

const BOOKKEEPING = 'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)';

async function applyInTransaction(
  client: MigrationClient,
  migration: PendingMigration,
  lockTimeoutMs: number,
) {
  await client.query('begin');
  await client.query(`set local lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
  for (const statement of migration.statements) await client.query(statement);
  await client.query(BOOKKEEPING, [migration.hash, migration.when]);
  await client.query('commit');
}

/**
 * Without `lock_timeout`: what such a migration waits for (the end of transactions older than its
 * build) holds no request up, as the lock a concurrent build takes lets reads and writes go on.
 */
async function applyOutsideTransaction(client: MigrationClient, migration: PendingMigration) {
  await client.query('set lock_timeout = 0');
  for (const statement of migration.statements) await client.query(statement);
  await client.query(BOOKKEEPING, [migration.hash, migration.when]);
}

/** Applies the migrations the database lacks, each in a transaction of its own; answers their names. */
export async function runMigrations(
  pool: pg.Pool,
  folder: string,
  options: MigrationRunnerOptions = {},
): Promise<string[]> {
  // One connection for the whole run: the advisory lock is its session's. It is closed afterwards
  // rather than handed back to the pool with the session's settings.
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await runMigrationsOn(client as unknown as MigrationClient, folder, options);
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // Closed, not reused: it may still hold the advisory lock after a failure, and it has our settings.
    client.release(broken ?? true);
  }
}

/**
 * The migrations on one connection (PostgreSQL's, or the embedded database). A migration is applied
 * when the bookkeeping has a row with its journal time. drizzle's migrator applies only those newer
 * than the newest row, and the journal's times are not in order (0011's is later than 0012's and
 * 0013's), so a database that one release migrated to 0012 never had 0013 applied by the next.
 */
export async function runMigrationsOn(
  client: MigrationClient,
  folder: string,
  options: MigrationRunnerOptions = {},
): Promise<string[]> {
  const lockTimeoutMs = options.lockTimeoutMs ?? 2_000;
  const attempts = options.attempts ?? 6;
  const backoffMs = options.backoffMs ?? 1_000;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const migrations = readMigrations(folder);
  // Waiting for another migrating process, and index builds on large tables, may take longer than
  // DB_STATEMENT_TIMEOUT (meant for requests).
  await client.query('set statement_timeout = 0');
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  await options.prepare?.(client);
  await client.query('create schema if not exists drizzle');
  await client.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  const { rows } = await client.query<{ created_at: string | number | null }>(
    'select created_at from drizzle.__drizzle_migrations',
  );
  const done = new Set(rows.map((row) => Number(row.created_at)));
  const applied: string[] = [];
  for (const migration of migrations.filter((m) => !done.has(m.when))) {
    for (let attempt = 1; ; attempt++) {
      try {
        if (outsideTransaction(migration)) await applyOutsideTransaction(client, migration);
        else await applyInTransaction(client, migration, lockTimeoutMs);
        break;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        const code = codeOf(error);
        if (typeof code !== 'string' || !RETRYABLE.has(code) || attempt >= attempts) {
          throw new Error(`Migration ${migration.tag} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        const pause = backoffMs * 2 ** (attempt - 1);
        log(
          `skyvault: migration ${migration.tag} could not take its locks within ${lockTimeoutMs} ms (${(error as Error).message}); rolled back, trying again in ${pause} ms (attempt ${attempt + 1} of ${attempts})`,
        );
        await sleep(pause);
      }
    }
    applied.push(migration.tag);
  }
  await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  return applied;
}
