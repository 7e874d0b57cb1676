import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/sql.js';
import type { Database } from './client.js';

/**
 * PGlite runs no autovacuum, so nothing would analyze a table that grows between its vacuums: the
 * planner keeps a new table's estimates (a few rows) while the audit log's table reaches thousands of
 * events, and the first page becomes a scan of the tenant's whole trail and a sort, slower by the minute
 * (bench/README.md "The 30-minute soaks"). Every few minutes the tables that autovacuum would analyze
 * are analyzed, by autovacuum's own rule: more rows changed since the last analyze than 50 and a tenth
 * of the table. ANALYZE reads a sample of at most 30,000 rows a table, so a pass stays short.
 */
export const ANALYZE_EVERY_MS = 5 * 60 * 1000;

/** Analyzes the tables autovacuum would; answers their names. */
export async function analyzeChangedTables(database: Database): Promise<string[]> {
  const stale = rowsOf<{ schema: string; table: string }>(
    await database.db.execute(sql`
      select schemaname as schema, relname as "table" from pg_stat_user_tables
      where n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
      order by n_mod_since_analyze desc`),
  );
  for (const { schema, table } of stale) {
    await database.db.execute(sql`analyze ${sql.identifier(schema)}.${sql.identifier(table)}`);
  }
  return stale.map(({ schema, table }) => `${schema}.${table}`);
}
