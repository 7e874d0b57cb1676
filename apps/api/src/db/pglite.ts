import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { createDatabase, type Database } from './client.js';
import * as schema from './schema/index.js';

export const pgliteExtensions = { pg_trgm };

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
  const db = drizzle({ client, schema });
  const database = createDatabase('pglite', db, async () => {
    if (!client.closed) await client.close();
  });
  return { database, client };
}
