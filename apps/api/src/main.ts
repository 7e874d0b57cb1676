import type { FastifyInstance } from 'fastify';
import { destination, type Logger, pino } from 'pino';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { prepareDataDir } from './data-dir.js';
import { describeDatabaseError, untilReachable } from './database-wait.js';
import type { Database } from './db/client.js';
import { DataDirInUseError } from './db/lock.js';
import { hasAllMigrations } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { operatorCommand } from './lib/commands.js';
import { errorLine, logSerializers } from './lib/logging.js';
import { SecretsKeyError } from './platform/secrets/key-check.js';
import { openSecretBox } from './platform/secrets/secrets.js';
import { migrateSecrets, verifySecretsKeys } from './platform/secrets/secrets-step.js';
import { seedDemo } from './seed/demo.js';
import { createShutdown } from './shutdown.js';
import { startBanner, startRecord } from './start-banner.js';
import { listenWhileWaiting } from './waiting-server.js';

/** Stops the start with one clear line instead of a stack trace. */
function fail(message: string): never {
  process.stderr.write(`skyvault: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // The lines of the start itself, before the app (and its logger) exists: JSON, as the app's.
  // Written at once: a stop signal during the wait exits right after its line.
  const log = pino({ level: config.logLevel, serializers: logSerializers }, destination({ sync: true }));
  const { database, stopWaiting } = await openWhenReachable(config, log);

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
      `The database lacks migrations of this build: run \`${operatorCommand('migrate')}\` first (MIGRATE_ON_START=false).`,
    );
  }

  // A wrong SECRETS_KEY (a restore with another key, a key retired too early) stops the start here in
  // one line, not request after request. Only a start that migrates writes (the secrets' migrate step).
  try {
    const secrets = openSecretBox(config);
    await (config.migrateOnStart ? migrateSecrets(database, secrets) : verifySecretsKeys(database, secrets));
  } catch (error) {
    await database.close().catch(() => {});
    fail(error instanceof SecretsKeyError ? error.message : errorLine(error));
  }

  const demo = config.seedDemo ? await seedDemo(database, config.dataDir) : null;

  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database });
    await stopWaiting();
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close().catch(() => {});
    failToListen(error, config);
  }

  // A person at a terminal reads lines; a log collector gets one JSON line like every other.
  if (process.stdout.isTTY) {
    const lines = ['', ...startBanner(config, demo, true)];
    process.stdout.write(`${lines.join('\n')}\n\n`);
  } else {
    const { message, ...fields } = startRecord(config, demo);
    app.log.info(fields, message);
  }

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

/** A port that cannot be taken stops the start with the variable to change. */
function failToListen(error: unknown, config: Config): never {
  const { code, port = config.port } = error as NodeJS.ErrnoException & { port?: number };
  // The metrics listener starts with the app; a clash there names its own variable.
  const variable = port === config.metrics.port && port !== config.port ? 'METRICS_PORT' : 'PORT';
  if (code === 'EADDRINUSE') fail(`Port ${port} is already in use. Set ${variable} to another port.`);
  if (code === 'EACCES') fail(`Not allowed to listen on port ${port}. Set ${variable} to a port above 1024.`);
  throw error;
}

/**
 * Opens (and migrates) the database; on PostgreSQL, one that cannot be reached yet is waited for
 * (database-wait.ts), one line per attempt, with PORT answering the probes meanwhile (waiting-server.ts).
 * A stop signal during the wait exits 0: nothing has started that needs stopping.
 */
async function openWhenReachable(
  config: Config,
  log: Logger,
): Promise<{ database: Database; stopWaiting: () => Promise<void> }> {
  const open = () => openDatabase(config, { migrate: config.migrateOnStart });
  if (!config.databaseUrl) {
    try {
      return { database: await open(), stopWaiting: async () => {} };
    } catch (error) {
      if (error instanceof DataDirInUseError) fail(error.message);
      fail(describeDatabaseError(error, config.databaseUrl));
    }
  }
  let waiting: Promise<{ close: () => Promise<void> }> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    log.info({ signal }, 'stopped while waiting for the database');
    void (waiting ?? Promise.resolve(undefined))
      .then((server) => server?.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  try {
    const database = await untilReachable(open, {
      onWait: (reason, waitMs) => {
        log.warn(
          { reason, waitMs },
          `database not reachable (${reason}); retrying in ${(waitMs / 1000).toFixed(1)} s`,
        );
        waiting ??= listenWhileWaiting(config.port, config.host).catch((error: unknown) =>
          failToListen(error, config),
        );
      },
    });
    // Probes keep their answers until the app takes the port over.
    const server = waiting;
    return { database, stopWaiting: async () => (await server)?.close() };
  } catch (error) {
    fail(describeDatabaseError(error, config.databaseUrl));
  } finally {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  }
}

main().catch((error) => {
  // An error of the ORM names the statement's parameters in its message: its cause is the driver's.
  fail(errorLine(error));
});
