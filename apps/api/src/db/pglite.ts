import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { createDatabase, type Database } from './client.js';
import * as schema from './schema/index.js';

export const pgliteExtensions = { pg_trgm };

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
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  const db = drizzle({ client: sameParsersOnce(client), schema });
  const database = createDatabase('pglite', db, async () => {
    if (!client.closed) await client.close();
  });
  return { database, client };
}
