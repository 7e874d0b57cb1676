import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './open.js';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
try {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.close();
  process.stdout.write(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.\n`);
} catch (error) {
  process.stderr.write(
    `skyvault: ${error instanceof ConfigError ? error.message : (error as Error).message}\n`,
  );
  process.exit(1);
}
