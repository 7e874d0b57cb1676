import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

export type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or a running transaction. */
export type Executor = AppDb | Tx;

/** The role every tenant transaction runs as, so that row-level security applies (see 0001 migration). */
export const APP_ROLE = 'skyvault_app';

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The owner connection. Use tenant() or system() rather than this directly. */
  db: AppDb;
  /**
   * One transaction for one tenant, as the non-superuser role with row-level security on: even a
   * query that forgot its tenant filter sees only this tenant's rows.
   */
  tenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One transaction with no tenant: only for look-ups that happen before a tenant is known (a
   * session token, the e-mail login step) and for platform operations.
   */
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createDatabase(kind: Database['kind'], db: AppDb, close: () => Promise<void>): Database {
  return {
    kind,
    db,
    tenant: (tenantId, fn) =>
      db.transaction(async (tx) => {
        // One round trip: the tenant for the policies and `SET LOCAL ROLE` (role is a setting too).
        await tx.execute(
          sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${APP_ROLE}, true)`,
        );
        return fn(tx);
      }),
    system: (fn) => db.transaction(fn),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
  };
}
