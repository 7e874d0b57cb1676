import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { operatorCommand } from '../lib/commands.js';
import type { Database } from './client.js';

/**
 * What the database lacks for full speed, as one sentence, or null: without pg_trgm (or without the
 * search function of migration 0012, on a database not migrated yet) user searches scan the
 * tenant's rows. Correct either way, only slower.
 */
export async function degradedFeatures(database: Database): Promise<string | null> {
  const [row] = await database.system((tx) =>
    tx
      .select({
        trigrams: sql<boolean>`exists (select 1 from pg_extension where extname = 'pg_trgm')`,
        search: sql<boolean>`to_regprocedure('skyvault_search_users(text,text)') is not null and to_regprocedure('skyvault_search_user_keys(text,text)') is not null`,
      })
      .from(sql`(values (1)) as once`),
  );
  const missing = [
    row?.trigrams ? null : 'the pg_trgm extension',
    row?.search ? null : `the search function skyvault_search_users (run \`${operatorCommand('migrate')}\`)`,
  ].filter((part): part is string => part !== null);
  return missing.length === 0 ? null : `Searches scan without ${missing.join(' and ')}.`;
}

/** One WARN line at start when the database runs degraded. */
export async function warnIfDegraded(database: Database, log: FastifyBaseLogger): Promise<void> {
  const degraded = await degradedFeatures(database).catch(() => null);
  if (degraded) log.warn(degraded);
}
