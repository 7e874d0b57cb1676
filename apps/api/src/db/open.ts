import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { APP_ROLE, type Database } from './client.js';
import { ANALYZE_EVERY_MS, analyzeChangedTables } from './embedded-analyze.js';
import { lockDataDir } from './lock.js';
import { hasAllMigrations, migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

/** PGlite has no autovacuum; the API vacuums on this schedule instead. */
const VACUUM_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Opens the configured database, migrates it (unless told not to: production servers may leave that to
 * `db:migrate`, MIGRATE_ON_START=false), and keeps it healthy until closed. With MIGRATE_DATABASE_URL
 * the migrations run on the owner's own connection, closed before the servers' role opens its pool.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'database' | 'migrateDatabaseUrl'>>,
  options: { migrate?: boolean; tenants?: boolean } = {},
): Promise<Database> {
  const migrateNow = options.migrate ?? true;
  // Whether this process runs tenant transactions (all but db:migrate, which is the owner's alone).
  const appRoleNeeded = (database: Database) =>
    options.tenants === false ? Promise.resolve() : checkAppRole(database, config.database?.appRole);
  const roles = { appRole: config.database?.appRole, runtimeRole: config.database?.runtimeRole };
  if (config.databaseUrl) {
    const ownerUrl = config.migrateDatabaseUrl;
    const ownerApart = ownerUrl !== undefined && ownerUrl !== config.databaseUrl;
    if (migrateNow && ownerApart) {
      const owner = openPostgres(ownerUrl, { max: 1 });
      try {
        await migrate(owner.database, roles);
      } finally {
        await owner.database.close().catch(() => {});
      }
    }
    const { database } = openPostgres(config.databaseUrl, {
      max: config.database?.poolMax,
      statementTimeoutMs: config.database?.statementTimeoutMs,
      appRole: config.database?.appRole,
    });
    // A database with every migration applied needs no change, so a role that may make none (the
    // servers' runtime role) still starts on it. Without migrating, a ping still stops the start at
    // once on an unreachable database.
    const upToDate = () => hasAllMigrations(database).catch(() => false);
    const ready = async () => {
      if (migrateNow && !ownerApart && !(await upToDate())) await migrate(database, roles);
      else await database.ping();
    };
    await ready()
      .then(() => appRoleNeeded(database))
      .catch(async (error: unknown) => {
        await database.close().catch(() => {});
        throw error;
      });
    return database;
  }
  const release = lockDataDir(config.dataDir);
  try {
    const { database } = await openPglite({ dataDir: path.join(config.dataDir, 'pg') });
    if (migrateNow) await migrate(database, roles);
    await appRoleNeeded(database);
    const vacuum = setInterval(() => {
      database.db.execute('VACUUM ANALYZE').catch(() => {});
    }, VACUUM_EVERY_MS);
    vacuum.unref();
    const analyze = setInterval(() => {
      analyzeChangedTables(database).catch(() => {});
    }, ANALYZE_EVERY_MS);
    analyze.unref();
    return {
      ...database,
      close: async () => {
        clearInterval(vacuum);
        clearInterval(analyze);
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Every tenant transaction switches to the application role: one that this database's policies do not
 * name, or that the connection may not become, would fail every request, so the start stops instead.
 * An unmigrated database names none yet (a server that does not migrate refuses it on its own).
 */
async function checkAppRole(database: Database, appRole = APP_ROLE): Promise<void> {
  const result = await database.db.execute(sql`
    select r.rolname as recorded, pg_has_role(r.oid, 'MEMBER') as member
      from pg_policy p join pg_roles r on r.oid = p.polroles[1]
     where p.polrelid = to_regclass('public.tenants') and p.polname = 'tenant_isolation'`);
  const [row] = (result as unknown as { rows: { recorded: string; member: boolean }[] }).rows;
  if (!row) return;
  if (row.recorded !== appRole) {
    throw new Error(
      `DB_APP_ROLE is ${appRole}, but this database's tenant transactions run as ${row.recorded}: set DB_APP_ROLE=${row.recorded}.`,
    );
  }
  if (!row.member) {
    throw new Error(
      `DATABASE_URL's role may not switch to ${appRole} (DB_APP_ROLE): as the cluster's administrator, GRANT ${appRole} TO the servers' role.`,
    );
  }
}
