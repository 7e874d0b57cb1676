import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mfaDevices } from '../../db/schema/index.js';
import { containsPattern, firstRow } from '../../lib/sql.js';

export type MfaDeviceRow = typeof mfaDevices.$inferSelect;
export type DeviceChanges = Partial<
  Pick<MfaDeviceRow, 'name' | 'secret' | 'status' | 'lastUsedStep' | 'issuedWithStepUp'>
>;

const own = (tenantId: string, userId: string) =>
  and(eq(mfaDevices.tenantId, tenantId), eq(mfaDevices.userId, userId));

export async function listDevices(
  tenantId: string,
  db: Executor,
  userId: string,
  query: { limit: number; offset: number; searchText?: string },
) {
  const where = and(
    own(tenantId, userId),
    query.searchText ? ilike(mfaDevices.name, containsPattern(query.searchText)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mfaDevices)
      .where(where)
      .orderBy(desc(mfaDevices.createdAt))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(mfaDevices).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The user's device; locked until the transaction ends for a change or a delete (CHANGE_LOCK). */
export async function findDevice(
  tenantId: string,
  db: Executor,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(mfaDevices)
    .where(and(own(tenantId, userId), eq(mfaDevices.id, id)))
    .limit(1)
    .$dynamic();
  return firstRow(query, options);
}

export async function enabledDevices(tenantId: string, db: Executor, userId: string) {
  return db
    .select()
    .from(mfaDevices)
    .where(and(own(tenantId, userId), eq(mfaDevices.status, 'Enable')));
}

/** Whether the user has an enabled device, `exceptId` left out (the device being confirmed). */
export async function hasEnabledDevice(tenantId: string, db: Executor, userId: string, exceptId?: string) {
  const rows = await db
    .select({ id: mfaDevices.id })
    .from(mfaDevices)
    .where(
      and(
        own(tenantId, userId),
        eq(mfaDevices.status, 'Enable'),
        exceptId ? sql`${mfaDevices.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function nameTaken(
  tenantId: string,
  db: Executor,
  userId: string,
  name: string,
  exceptId?: string,
) {
  const rows = await db
    .select({ id: mfaDevices.id })
    .from(mfaDevices)
    .where(
      and(
        own(tenantId, userId),
        sql`lower(${mfaDevices.name}) = lower(${name})`,
        exceptId ? sql`${mfaDevices.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertDevice(
  tenantId: string,
  db: Executor,
  values: { id: string; userId: string; name: string; secret: string; issuedWithStepUp: boolean },
) {
  const [row] = await db
    .insert(mfaDevices)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateDevice(tenantId: string, db: Executor, id: string, values: DeviceChanges) {
  const [row] = await db
    .update(mfaDevices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(mfaDevices.tenantId, tenantId), eq(mfaDevices.id, id)))
    .returning();
  return row!;
}

export async function deleteDevice(tenantId: string, db: Executor, id: string) {
  await db.delete(mfaDevices).where(and(eq(mfaDevices.tenantId, tenantId), eq(mfaDevices.id, id)));
}

/**
 * Records a TOTP step as used, only if it is newer than the last one: of two requests racing with the
 * same code, one wins.
 */
export async function claimStep(tenantId: string, db: Executor, id: string, step: number) {
  const rows = await db
    .update(mfaDevices)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(mfaDevices.tenantId, tenantId),
        eq(mfaDevices.id, id),
        sql`(${mfaDevices.lastUsedStep} is null or ${mfaDevices.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ id: mfaDevices.id });
  return rows.length === 1;
}

/** How many devices the user has, and how many of them are enabled (an administrator's view). */
export async function countDevices(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      enabled: sql<number>`count(*) filter (where ${mfaDevices.status} = 'Enable')`.mapWith(Number),
    })
    .from(mfaDevices)
    .where(own(tenantId, userId));
  return { total: row?.total ?? 0, enabled: row?.enabled ?? 0 };
}

/** Removes every device of the user (an administrator's MFA reset). */
export async function deleteUserDevices(tenantId: string, db: Executor, userId: string) {
  await db.delete(mfaDevices).where(own(tenantId, userId));
}
