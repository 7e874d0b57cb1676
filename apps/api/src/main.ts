import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { prepareDataDir } from './data-dir.js';
import type { Database } from './db/client.js';
import { DataDirInUseError } from './db/lock.js';
import { hasAllMigrations } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { seedDemo } from './seed/demo.js';
import { createShutdown } from './shutdown.js';
import { startBanner } from './start-banner.js';

/** Stops the start with one clear line instead of a stack trace. */
function fail(message: string): never {
  process.stderr.write(`skyvault: ${message}\n`);
  process.exit(1);
}

const describeDbError = (error: unknown, url: string | undefined): string => {
  // A failed query arrives wrapped by the ORM; the driver's error (with its code) is the cause.
  const wrapped = error as { code?: string; cause?: unknown };
  const e = (wrapped.code === undefined && wrapped.cause ? wrapped.cause : error) as NodeJS.ErrnoException;
  const where = url
    ? (() => {
        const u = new URL(url);
        return `${u.hostname}:${u.port || 5432}${u.pathname}`;
      })()
    : 'the embedded database';
  if (e.code === 'ECONNREFUSED') return `Cannot connect to PostgreSQL at ${where}: connection refused.`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
    return `Cannot connect to PostgreSQL at ${where}: unknown host.`;
  if (e.code === '3D000') return `PostgreSQL database ${where} does not exist.`;
  if (e.code === '28P01' || e.code === '28000') return `PostgreSQL refused the credentials for ${where}.`;
  if (e.code === '42501')
    return `PostgreSQL refused a privilege at ${where}: ${e.message}. A servers' role that may not change the schema (DATABASE_URL) leaves migrations to the owner: MIGRATE_DATABASE_URL, or \`node dist/migrate.js\` and MIGRATE_ON_START=false.`;
  return `Cannot open ${where}: ${e.message ?? String(error)}`;
};

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase(config, { migrate: config.migrateOnStart });
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    fail(describeDbError(error, config.databaseUrl));
  }

  // On PostgreSQL nothing has created DATA_DIR yet (the demo login and a generated key go there);
  // created only once the database opened, so that a start that fails leaves nothing behind.
  try {
    prepareDataDir(config.dataDir);
  } catch (error) {
    await database.close().catch(() => {});
    fail(`Cannot create DATA_DIR ${config.dataDir}: ${(error as Error).message}`);
  }

  // Without migrating at start, this build must not serve a schema older than its own.
  if (!config.migrateOnStart && !(await hasAllMigrations(database))) {
    await database.close().catch(() => {});
    fail(
      'The database lacks migrations of this build: run `npm run db:migrate` first (MIGRATE_ON_START=false).',
    );
  }

  const demo = config.seedDemo ? await seedDemo(database, config.dataDir) : null;

  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close().catch(() => {});
    const { code, port = config.port } = error as NodeJS.ErrnoException & { port?: number };
    // The metrics listener starts with the app; a clash there names its own variable.
    const variable = port === config.metrics.port && port !== config.port ? 'METRICS_PORT' : 'PORT';
    if (code === 'EADDRINUSE') fail(`Port ${port} is already in use. Set ${variable} to another port.`);
    if (code === 'EACCES')
      fail(`Not allowed to listen on port ${port}. Set ${variable} to a port above 1024.`);
    throw error;
  }

  const lines = ['', ...startBanner(config, demo, process.stdout.isTTY === true)];
  process.stdout.write(`${lines.join('\n')}\n\n`);

  // Graceful shutdown: readiness 503, a drain, then stop accepting and finish what is in flight.
  const shutdown = createShutdown({
    app,
    drainMs: config.shutdown.drainSeconds * 1000,
    timeoutMs: config.shutdown.timeoutSeconds * 1000,
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  fail(error instanceof Error ? error.message : String(error));
});
