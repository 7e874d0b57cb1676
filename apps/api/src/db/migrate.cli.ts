import { ConfigError, loadConfig } from '../config.js';
import { openSecretBox } from '../platform/secrets/secrets.js';
import { migrateSecrets } from '../platform/secrets/secrets-step.js';
import { openDatabase } from './open.js';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
try {
  const config = loadConfig();
  const database = await openDatabase(config);
  // The data steps that need SECRETS_KEY: a wrong key stops here, before any server starts on it.
  await migrateSecrets(database, openSecretBox(config)).finally(() => database.close());
  process.stdout.write(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.\n`);
} catch (error) {
  process.stderr.write(
    `skyvault: ${error instanceof ConfigError ? error.message : (error as Error).message}\n`,
  );
  process.exit(1);
}
