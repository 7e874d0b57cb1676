import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './client.js';
import {
  type MigrationClient,
  type MigrationRunnerOptions,
  runMigrations,
  runMigrationsOn,
} from './migration-runner.js';

/** The generated SQL migrations: beside the bundle in dist/, or apps/api/drizzle from source. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.MIGRATIONS_DIR,
    path.join(here, 'drizzle'),
    path.join(here, '..', '..', 'drizzle'),
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * The roles the migrations grant to and write into the policies (0001, 0031), from DB_APP_ROLE and
 * DB_RUNTIME_ROLE; unset, a database keeps the ones it has (a new one: skyvault_app, and the migrating
 * role serves itself). The migrations read them from these settings of the migrating session.
 */
export interface MigrationRoles {
  appRole?: string;
  runtimeRole?: string;
}

const ROLE_SETTINGS =
  "select set_config('skyvault.app_role', $1, false), set_config('skyvault.runtime_role', $2, false)";

/**
 * Applies the migrations the database lacks. PostgreSQL's go one transaction each, with lock time-outs
 * and retries, so that servers still running on the database are never held up for long
 * (migration-runner.ts); the embedded database has one process and no one to hold up.
 */
export async function migrate(
  database: Database,
  roles: MigrationRoles = {},
  options: MigrationRunnerOptions = {},
): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  // On the migrating connection alone (the embedded database's only one, or the runner's own, closed
  // afterwards): the settings may outlive the migrations.
  const prepare = (client: MigrationClient) =>
    client.query(ROLE_SETTINGS, [roles.appRole ?? '', roles.runtimeRole ?? '']).then(() => undefined);
  if (database.kind === 'pglite') {
    // One process, no one to hold up: the same runner, for the same bookkeeping.
    const { $client: pglite } = database.db as unknown as { $client: MigrationClient };
    await runMigrationsOn(pglite, migrationsFolderPath, { ...options, prepare });
    return;
  }
  const { $client: pool } = database.db as unknown as NodePgDatabase<Record<string, never>> & {
    $client: pg.Pool;
  };
  await runMigrations(pool, migrationsFolderPath, { ...options, prepare });
}

/** When each migration this build ships was generated: what the database must have applied. */
function journalTimes(): number[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

/**
 * Whether the database has applied every migration of this build: the bookkeeping has a row with each
 * one's journal time (the times are not in order, so the newest alone does not tell).
 */
export async function hasAllMigrations(database: Database): Promise<boolean> {
  try {
    const rows = await database.db
      .select({ at: sql<string | number>`created_at` })
      .from(sql`drizzle.__drizzle_migrations`);
    const applied = new Set(rows.map((row) => Number(row.at)));
    return journalTimes().every((when) => applied.has(when));
  } catch (error) {
    // No migrations table yet: nothing is applied. Any other failure is the database's.
    if ((error as { cause?: { code?: string } }).cause?.code === '42P01') return false;
    throw error;
  }
}
