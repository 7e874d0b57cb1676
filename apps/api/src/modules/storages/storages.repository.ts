import type { StorageType } from '@skyvault/contract';
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storages } from '../../db/schema/index.js';
import { containsPattern, firstRow } from '../../lib/sql.js';

export type StorageRow = typeof storages.$inferSelect;

/** What a tenant sees: its own storages and the platform's shared ones (as row-level security does too). */
const visibleTo = (tenantId: string) =>
  or(eq(storages.tenantId, tenantId), and(isNull(storages.tenantId), eq(storages.isShared, true)));

/** Where a name must be unique: a tenant's view, or among the shared storages (tenantId null). */
const nameScope = (tenantId: string | null) =>
  tenantId === null ? isNull(storages.tenantId) : visibleTo(tenantId);

export async function listStorages(
  tenantId: string,
  db: Executor,
  query: { limit: number; offset: number; search?: string; type?: StorageType },
) {
  const where = and(
    visibleTo(tenantId),
    // lower(name) is what the trigram index holds, so the search can use it.
    query.search ? ilike(sql`lower(${storages.name})`, containsPattern(query.search)) : undefined,
    query.type ? eq(storages.type, query.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(storages)
      .where(where)
      // The id breaks ties, so that rows created together keep their place from page to page.
      .orderBy(desc(storages.createdAt), desc(storages.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(storages).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/**
 * A storage the tenant sees (its own or a shared one). Locked for a save or a delete (CHANGE_LOCK), only
 * the tenant's own: a tenant changes no shared storage, and row-level security lets it lock none.
 */
export async function findStorage(
  tenantId: string,
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(storages)
    .where(and(options.lock ? eq(storages.tenantId, tenantId) : visibleTo(tenantId), eq(storages.id, id)))
    .limit(1)
    .$dynamic();
  return firstRow(query, options);
}

export async function nameTaken(tenantId: string | null, db: Executor, name: string, exceptId?: string) {
  const conditions: (SQL | undefined)[] = [
    nameScope(tenantId),
    sql`lower(${storages.name}) = lower(${name})`,
    exceptId ? sql`${storages.id} <> ${exceptId}` : undefined,
  ];
  const rows = await db
    .select({ id: storages.id })
    .from(storages)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** A tenant's storage, or with tenantId null a shared one (only the operators' CLI creates those). */
export async function insertStorage(
  tenantId: string | null,
  db: Executor,
  values: { id: string; name: string; type: StorageType; credentials: string; createdBy?: string | null },
) {
  const [row] = await db
    .insert(storages)
    .values({ tenantId, isShared: tenantId === null, ...values })
    .returning();
  return row!;
}

/** Only the tenant's own rows: shared ones never match, whatever the caller checked before. */
export async function updateStorage(
  tenantId: string,
  db: Executor,
  id: string,
  values: { name: string; type: StorageType; credentials: string },
) {
  const [row] = await db
    .update(storages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(storages.tenantId, tenantId), eq(storages.id, id)))
    .returning();
  return row!;
}

export async function deleteStorage(tenantId: string, db: Executor, id: string) {
  await db.delete(storages).where(and(eq(storages.tenantId, tenantId), eq(storages.id, id)));
}

/**
 * Whether a backup has somewhere to go (a storage of the tenant's, or a shared one): a part of the
 * setup guide's one statement (modules/setup-guide).
 */
export const tenantHasStorage = (tenantId: string) =>
  sql<boolean>`exists (select 1 from ${storages} where ${visibleTo(tenantId)})`;
