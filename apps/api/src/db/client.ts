import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { isUuid } from '../lib/sql.js';
import type * as schema from './schema/index.js';

export type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or a running transaction. */
export type Executor = AppDb | Tx;

/**
 * The role every tenant transaction runs as, so that row-level security applies (see 0001 migration),
 * unless DB_APP_ROLE names another: each install on a shared cluster has its own.
 */
export const APP_ROLE = 'skyvault_app';

/** How busy the database's connections are (the metrics' pool gauges). */
export interface ConnectionUse {
  inUse: number;
  waiting: number;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /**
   * The connection as its own login role, not switched to the application role: the "owner connection"
   * of comments elsewhere, whose rows no tenant limits. The schema's owner in development and on PGlite;
   * in production the runtime role, which owns nothing (migration 0031). Use tenant() or system()
   * rather than this directly.
   */
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
  /**
   * Calls `handler` when a change committed by any process notifies `channel` (PostgreSQL's NOTIFY,
   * sent by triggers). Absent on the embedded database, which only one process opens: what it
   * changes, it knows.
   */
  onSignal?(channel: string, handler: () => void): void;
  connections?(): ConnectionUse;
}

/**
 * How a database runs one transaction on the owner connection: `opening`, a statement of constant SQL
 * (no parameters), runs first. drizzle's own transaction unless the driver can do better: on PostgreSQL
 * the opening goes in BEGIN's round trip (postgres.ts).
 */
export type TransactionRunner = <T>(fn: (tx: Tx) => Promise<T>, opening?: string) => Promise<T>;

/** Stands for an id that is no uuid: no tenant has it, so the policies let nothing through. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

/**
 * What a tenant transaction sets first, in one statement: the tenant for the policies and
 * `SET LOCAL ROLE` (role is a setting too). Written out as SQL rather than bound as a parameter, so
 * that it can travel with BEGIN; only an id of a uuid's form is ever written into it.
 */
const tenantOpening = (tenantId: string, appRole: string) =>
  `select set_config('app.tenant_id', '${isUuid(tenantId) ? tenantId.toLowerCase() : NO_TENANT}', true), set_config('role', '${appRole}', true)`;

/** A role name as DB_APP_ROLE allows it (config.ts): safe to write into the opening's SQL as is. */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * `connections` reads a pool's use; without one (PGlite: one connection that runs one transaction at
 * a time) the transactions in flight are counted: one runs, the others wait.
 */
export function createDatabase(
  kind: Database['kind'],
  db: AppDb,
  close: () => Promise<void>,
  connections?: () => ConnectionUse,
  transaction: TransactionRunner = (fn, opening) =>
    db.transaction(async (tx) => {
      if (opening) await tx.execute(sql.raw(opening));
      return fn(tx);
    }),
  appRole: string = APP_ROLE,
): Database {
  if (!ROLE_NAME.test(appRole)) throw new Error(`Not a role name: ${JSON.stringify(appRole)}`);
  let inFlight = 0;
  const counted = connections
    ? <T>(run: () => Promise<T>) => run()
    : async <T>(run: () => Promise<T>) => {
        inFlight += 1;
        try {
          return await run();
        } finally {
          inFlight -= 1;
        }
      };
  return {
    kind,
    db,
    connections:
      connections ?? (() => ({ inUse: Math.min(inFlight, 1), waiting: Math.max(inFlight - 1, 0) })),
    tenant: (tenantId, fn) => counted(() => transaction(fn, tenantOpening(tenantId, appRole))),
    system: (fn) => counted(() => transaction(fn)),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
  };
}
