import type { ConnectionSortField, OrganizationType, SortOrder } from '@skyvault/contract';
import { type AnyColumn, and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { connections, storages, users } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/sql.js';

export type ConnectionRow = typeof connections.$inferSelect;
export type ConnectionChanges = Partial<
  Omit<ConnectionRow, 'tenantId' | 'id' | 'createdAt' | 'createdBy' | 'updatedAt'>
>;

export interface ConnectionListQuery {
  limit: number;
  offset: number;
  sort: ConnectionSortField;
  order: SortOrder;
  search?: string;
  organizationType?: OrganizationType;
}

const SORT_COLUMNS: Record<ConnectionSortField, SQL | AnyColumn> = {
  name: sql`lower(${connections.name})`,
  createdAt: connections.createdAt,
  updatedAt: connections.updatedAt,
};

/** The same expression as the trigram index of migration 0003, so that search can use it. */
const searchable = sql`lower(${connections.name} || ' ' || coalesce(${connections.salesforceUsername}, ''))`;

/** A connection as the list shows it, with its creator's name (never its tokens or key). */
export const LISTED = {
  id: connections.id,
  name: connections.name,
  organizationType: connections.organizationType,
  status: connections.status,
  salesforceUsername: connections.salesforceUsername,
  lastError: connections.lastError,
  healthStatus: connections.healthStatus,
  healthReason: connections.healthReason,
  checkedAt: connections.checkedAt,
  healthChangedAt: connections.healthChangedAt,
  createdAt: connections.createdAt,
  updatedAt: connections.updatedAt,
  creatorId: users.id,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};
/** The join to the connection's creator (a deleted creator leaves the name null). */
export const creatorOf = and(eq(users.tenantId, connections.tenantId), eq(users.id, connections.createdBy));

/**
 * One page of a tenant's connections with the name of whoever created each (one join, no query per
 * row), and the count of all that match. Tokens and the encryption key are not even selected.
 */
export async function listConnections(tenantId: string, db: Executor, query: ConnectionListQuery) {
  const where = and(
    eq(connections.tenantId, tenantId),
    query.search ? sql`${searchable} ilike ${containsPattern(query.search)}` : undefined,
    query.organizationType ? eq(connections.organizationType, query.organizationType) : undefined,
  );
  const direction = query.order === 'ASC' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(LISTED)
      .from(connections)
      .leftJoin(users, creatorOf)
      .where(where)
      // The id breaks ties, so that paging never shows a row twice or skips one.
      .orderBy(direction(SORT_COLUMNS[query.sort]), asc(connections.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(connections).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}
export type ConnectionListRow = Awaited<ReturnType<typeof listConnections>>['rows'][number];

export async function findConnection(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)))
    .limit(1);
  return row ?? null;
}

/** Names are unique per tenant regardless of case (the unique index says the same). */
export async function nameTaken(tenantId: string, db: Executor, name: string) {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), sql`lower(${connections.name}) = lower(${name})`))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether a backup may go to this storage: the tenant's own, or one the platform shares with every
 * tenant. (Checked here rather than through the storages module, which answers storages for display.)
 */
export async function storageVisible(tenantId: string, db: Executor, storageId: string) {
  const rows = await db
    .select({ id: storages.id })
    .from(storages)
    .where(
      and(
        eq(storages.id, storageId),
        or(eq(storages.tenantId, tenantId), and(isNull(storages.tenantId), eq(storages.isShared, true))),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertConnection(
  tenantId: string,
  db: Executor,
  values: Pick<
    ConnectionRow,
    'id' | 'name' | 'organizationType' | 'storageId' | 'encryptionKey' | 'createdBy'
  >,
) {
  const [row] = await db
    .insert(connections)
    .values({ tenantId, ...values, status: 'pending' })
    .returning();
  return row!;
}

/** Changes where a column may also be set from the row's current values (a counter's increment). */
export type ConnectionUpdate = { [K in keyof ConnectionChanges]: ConnectionChanges[K] | SQL };

export async function updateConnection(tenantId: string, db: Executor, id: string, values: ConnectionUpdate) {
  const [row] = await db
    .update(connections)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteConnection(tenantId: string, db: Executor, id: string) {
  await db.delete(connections).where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)));
}

/** Whether an org is connected (the login went through): a part of the setup guide's one statement. */
export const tenantHasConnectedOrg = (tenantId: string) =>
  sql<boolean>`exists (select 1 from ${connections} where ${connections.tenantId} = ${tenantId} and ${connections.status} = 'connected')`;
