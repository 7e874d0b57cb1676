import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

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

/** Any number of API processes may start at once on one PostgreSQL: one migrates, the others wait. */
const MIGRATION_LOCK_KEY = 7_310_001;

/**
 * The roles the migrations grant to and write into the policies (0001, 0031), from DB_APP_ROLE and
 * DB_RUNTIME_ROLE; unset, a database keeps the ones it has (a new one: skyvault_app, and the migrating
 * role serves itself). The migrations read them from these settings.
 */
export interface MigrationRoles {
  appRole?: string;
  runtimeRole?: string;
}

const roleSettings = (roles: MigrationRoles, local: boolean) =>
  sql`select set_config('skyvault.app_role', ${roles.appRole ?? ''}, ${local}), set_config('skyvault.runtime_role', ${roles.runtimeRole ?? ''}, ${local})`;

export async function migrate(database: Database, roles: MigrationRoles = {}): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    // One connection that only this process opens: the settings may outlive the migrations.
    await database.db.execute(roleSettings(roles, false));
    await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, {
      migrationsFolder: migrationsFolderPath,
    });
    return;
  }
  const db = database.db as unknown as NodePgDatabase<Record<string, never>>;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    // DB_STATEMENT_TIMEOUT is for requests: an index build on a large table may take longer.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(roleSettings(roles, true));
    await migratePostgres(tx as unknown as NodePgDatabase<Record<string, never>>, {
      migrationsFolder: migrationsFolderPath,
    });
  });
}

/** When the newest migration this build ships was generated: what the database must have applied. */
function newestMigration(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** Whether the database has applied every migration of this build (drizzle keeps their times). */
export async function hasAllMigrations(database: Database): Promise<boolean> {
  const newest = newestMigration();
  try {
    const [row] = await database.db
      .select({ latest: sql<string | number | null>`max(created_at)` })
      .from(sql`drizzle.__drizzle_migrations`);
    return Number(row?.latest ?? 0) >= newest;
  } catch (error) {
    // No migrations table yet: nothing is applied. Any other failure is the database's.
    if ((error as { cause?: { code?: string } }).cause?.code === '42P01') return false;
    throw error;
  }
}
