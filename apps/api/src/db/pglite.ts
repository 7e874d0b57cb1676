import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { createDatabase, type Database } from './client.js';
import * as schema from './schema/index.js';

export const pgliteExtensions = { pg_trgm };

/**
 * PostgreSQL's default of 128 MB of shared buffers lives in PGlite's WebAssembly memory, which grows
 * as pages are read into them and never shrinks. The embedded database serves one small deployment,
 * whose pages the operating system's file cache holds as well: 16 MB of them is what its memory
 * budget affords (docs/architecture.md "The embedded database's memory").
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Whether a data dir already holds a database (initdb writes PG_VERSION). */
const initialized = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Makes a new data dir in a short process of its own. initdb runs inside the PGlite instance that
 * makes the database, and what it takes (some 100 MB more than a server holds) would stay with the
 * server's process for its life: the WebAssembly memory never shrinks.
 */
async function initializeDataDir(dataDir: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const code = `const { PGlite } = await import(${JSON.stringify(pglite)});
await (await PGlite.create({ dataDir: ${JSON.stringify(dataDir)} })).close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', code], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (status) =>
      status === 0
        ? resolve()
        : reject(new Error(`The embedded database could not be made in ${dataDir}: ${output.trim()}`)),
    );
  });
}

/**
 * The type parsers drizzle's PGlite driver sends with every query: dates, times and intervals (and
 * their arrays) stay text for drizzle's own column mapping. PGlite merges per-query parsers into a
 * copy of its whole parser table on every result, which cost a login more than a millisecond; so the
 * same parsers are set once on the client, and the per-query copy is dropped (sameParsersOnce).
 */
const asText = (value: string) => value;
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** Drops a query's parsers when they are drizzle's, which the client already has; keeps any other. */
const withoutParsers = (options?: QueryOptions): QueryOptions | undefined => {
  if (!options?.parsers || !Object.keys(options.parsers).every((type) => type in DRIZZLE_PARSERS)) {
    return options;
  }
  const { parsers: _sameAsTheClients, ...rest } = options;
  return rest;
};

/** The client as drizzle sees it: its queries, in and out of transactions, use the client's parsers. */
function sameParsersOnce(client: PGlite): PGlite {
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const inTransaction = (tx: Transaction): Transaction =>
    Object.create(tx, {
      query: {
        value: (sql: string, params?: unknown[], options?: QueryOptions) =>
          tx.query(sql, params, withoutParsers(options)),
      },
    });
  return Object.assign(client, {
    query: (sql: string, params?: unknown[], options?: QueryOptions) =>
      query(sql, params, withoutParsers(options)),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => transaction((tx) => fn(inTransaction(tx))),
  });
}

/**
 * The embedded database. PGlite is one connection: it already runs every query and transaction one
 * at a time behind its own mutex, which is the single queue ARCHITECTURE §5 asks for; we keep
 * transactions short. `dataDir` unset keeps the data in memory; `loadDataDir` starts from a dump
 * (tests start from one migrated template).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<{
  database: Database;
  client: PGlite;
}> {
  // The memory budget is a server's, whose data dir is on disk; a database in memory (the tests', made
  // from a dump) keeps PostgreSQL's default buffers.
  const onDisk = Boolean(options.dataDir) && !options.loadDataDir;
  const settings = {
    dataDir: options.dataDir,
    extensions: pgliteExtensions,
    ...(onDisk ? { startParams: START_PARAMS } : {}),
  };
  if (onDisk && !initialized(options.dataDir!)) await initializeDataDir(options.dataDir!);
  const client = await PGlite.create({ ...settings, loadDataDir: options.loadDataDir });
  const db = drizzle({ client: sameParsersOnce(client), schema });
  const database = createDatabase('pglite', db, async () => {
    if (!client.closed) await client.close();
  });
  return { database, client };
}
