import { drizzle, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type AppDb, createDatabase, type Database, type TransactionRunner, type Tx } from './client.js';
import * as schema from './schema/index.js';
import { listenForSignals } from './signals.js';

/**
 * PostgreSQL through a connection pool; the same role and row-level security as the embedded database.
 * `statementTimeoutMs` (0: none) ends a statement that runs away instead of holding a connection;
 * `appRole` is the role tenant transactions switch to (DB_APP_ROLE).
 */
export function openPostgres(
  url: string,
  options: { max?: number; statementTimeoutMs?: number; appRole?: string } = {},
): { database: Database; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // A client that loses its server must not crash the process. The pool listens on its idle clients;
  // a client taken out of it (a transaction between statements, a lock holder) has only its own
  // listeners, and an 'error' event nobody hears ends the process. The query in flight, if any, fails
  // on its own; the pool drops the client when it is given back, and the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle({ client: pool, schema });
  const signals = listenForSignals(url);
  const database = createDatabase(
    'postgres',
    db,
    async () => {
      await signals.close();
      await pool.end();
    },
    () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    transactionsOn(pool, db),
    options.appRole,
  );
  database.onSignal = (channel, handler) => signals.on(channel, handler);
  return { database, pool };
}

type SessionArguments = ConstructorParameters<typeof NodePgSession>;
/** What drizzle keeps in a session: its constructor's arguments, not part of its typed surface. */
type SessionParts = {
  dialect: SessionArguments[1];
  schema: SessionArguments[2];
  options: SessionArguments[3];
};

/**
 * Transactions on a client taken from the pool and always given back, with BEGIN and the transaction's
 * opening statement (a tenant transaction's settings) in one round trip: every tenant call pays for
 * one less. drizzle's transaction on a pool would send them apart, and it gives its client back only
 * once BEGIN has succeeded: a BEGIN that fails (the server ended the connection while it sat idle in
 * the pool) kept the client out for good, the pool one smaller, and pool.end() waiting forever. The
 * pool drops a client that is no longer queryable when it comes back.
 */
function transactionsOn(pool: pg.Pool, db: AppDb): TransactionRunner {
  // The pool's session carries the dialect, the relational schema and the options; each transaction
  // gets the same on its own client.
  const shared = (db as unknown as { session: SessionParts }).session;
  // A client runs one transaction at a time, so each keeps its drizzle transaction for the next:
  // building one (its query builders for every table of the schema) was 4 % of the API's time on a
  // users list page (`node --cpu-prof`).
  const transactions = new WeakMap<pg.PoolClient, Tx>();
  const transactionOn = (client: pg.PoolClient): Tx => {
    const kept = transactions.get(client);
    if (kept) return kept;
    const session = new NodePgSession(client, shared.dialect, shared.schema, shared.options);
    const tx = new NodePgTransaction(shared.dialect, session, shared.schema) as unknown as Tx;
    transactions.set(client, tx);
    return tx;
  };
  return async (fn, opening) => {
    const client = await pool.connect();
    try {
      const tx = transactionOn(client);
      // Constant SQL only (client.ts): several statements in one message take no parameters.
      await client.query(opening ? `begin; ${opening}` : 'begin');
      try {
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        // A rollback that fails (the connection is gone) changes nothing: the server ends the
        // transaction itself, and the error that matters is the first.
        await client.query('rollback').catch(() => {});
        throw error;
      }
    } finally {
      client.release();
    }
  };
}
