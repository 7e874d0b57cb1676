import { ConfigError, loadConfig } from '../config.js';
import { openSecretBox } from '../platform/secrets/secrets.js';
import { migrateSecrets } from '../platform/secrets/secrets-step.js';
import { describeDatabaseFailure } from './failure-reason.js';
import { DataDirInUseError } from './lock.js';
import { openDatabase } from './open.js';

/**
 * `npm run db:migrate` (`node dist/migrate.js` in a production install): applies pending migrations to
 * the configured database as the owner (MIGRATE_DATABASE_URL) when the servers' own role (DATABASE_URL)
 * may not change the schema, and exits; a failure prints the database's own reason and exits 1.
 */
try {
  const config = loadConfig();
  const ownerUrl = config.migrateDatabaseUrl ?? config.databaseUrl;
  const database = await openDatabase(
    { ...config, databaseUrl: ownerUrl, migrateDatabaseUrl: undefined },
    { tenants: false },
  );
  // The data steps that need SECRETS_KEY: a wrong key stops here, before any server starts on it.
  await migrateSecrets(database, openSecretBox(config)).finally(() => database.close());
  process.stdout.write(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.\n`);
} catch (error) {
  const known = error instanceof ConfigError || error instanceof DataDirInUseError;
  process.stderr.write(
    `skyvault: ${known ? (error as Error).message : `migrations failed: ${describeDatabaseFailure(error)}`}\n`,
  );
  process.exit(1);
}
