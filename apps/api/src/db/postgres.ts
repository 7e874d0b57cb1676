import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDatabase, type Database } from './client.js';
import * as schema from './schema/index.js';

/**
 * PostgreSQL through a connection pool; the same role and row-level security as the embedded database.
 * `statementTimeoutMs` (0: none) ends a statement that runs away instead of holding a connection.
 */
export function openPostgres(
  url: string,
  options: { max?: number; statementTimeoutMs?: number } = {},
): { database: Database; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  const database = createDatabase(
    'postgres',
    db,
    () => pool.end(),
    () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
  );
  return { database, pool };
}
