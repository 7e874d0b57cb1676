import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './open.js';

/**
 * `npm run db:migrate`: applies pending migrations to the configured database and exits, as the owner
 * (MIGRATE_DATABASE_URL) when the servers' own role (DATABASE_URL) may not change the schema.
 */
try {
  const config = loadConfig();
  const ownerUrl = config.migrateDatabaseUrl ?? config.databaseUrl;
  const database = await openDatabase(
    { ...config, databaseUrl: ownerUrl, migrateDatabaseUrl: undefined },
    { tenants: false },
  );
  await database.close();
  process.stdout.write(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.\n`);
} catch (error) {
  // A failed statement arrives wrapped by the ORM (its SQL); the database's own reason is the cause.
  const { message, cause } = error as Error & { cause?: { message?: string } };
  process.stderr.write(`skyvault: ${error instanceof ConfigError ? message : (cause?.message ?? message)}\n`);
  process.exit(1);
}
