import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passkeys, tenants, users } from '../../db/schema/index.js';
import { firstRow } from '../../lib/sql.js';

export type PasskeyRow = typeof passkeys.$inferSelect;

const own = (tenantId: string, userId: string) =>
  and(eq(passkeys.tenantId, tenantId), eq(passkeys.userId, userId));

export const listPasskeys = (tenantId: string, db: Executor, userId: string) =>
  db.select().from(passkeys).where(own(tenantId, userId)).orderBy(asc(passkeys.createdAt));

/** The user's passkey; locked until the transaction ends for a rename or a delete (CHANGE_LOCK). */
export async function findPasskey(
  tenantId: string,
  db: Executor,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(passkeys)
    .where(and(own(tenantId, userId), eq(passkeys.id, id)))
    .limit(1)
    .$dynamic();
  return firstRow(query, options);
}

/**
 * The passkey of a passwordless sign-in, by its credential id alone (unique across tenants), with the names
 * the login look-up takes (tenant name, e-mail); on the owner connection, before any tenant is known.
 */
export async function findSignInByCredential(db: Executor, credentialId: string) {
  const [row] = await db
    .select({ passkey: passkeys, tenantName: tenants.name, email: users.email })
    .from(passkeys)
    .innerJoin(tenants, eq(tenants.id, passkeys.tenantId))
    .innerJoin(users, and(eq(users.tenantId, passkeys.tenantId), eq(users.id, passkeys.userId)))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row ?? null;
}

/** By credential id alone (unique across tenants): the passwordless sign-in, on the owner connection. */
export async function findByCredential(db: Executor, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ?? null;
}

export async function nameTaken(
  tenantId: string,
  db: Executor,
  userId: string,
  name: string,
  except?: string,
) {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(
      and(
        own(tenantId, userId),
        sql`lower(${passkeys.name}) = lower(${name})`,
        except ? ne(passkeys.id, except) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertPasskey(
  tenantId: string,
  db: Executor,
  values: Omit<typeof passkeys.$inferInsert, 'tenantId'>,
) {
  const [row] = await db
    .insert(passkeys)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updatePasskey(
  tenantId: string,
  db: Executor,
  id: string,
  values: Partial<Pick<PasskeyRow, 'name' | 'counter' | 'lastUsedAt' | 'backedUp'>>,
) {
  const [row] = await db
    .update(passkeys)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(passkeys.tenantId, tenantId), eq(passkeys.id, id)))
    .returning();
  return row ?? null;
}

export const deletePasskey = (tenantId: string, db: Executor, id: string) =>
  db.delete(passkeys).where(and(eq(passkeys.tenantId, tenantId), eq(passkeys.id, id)));

export async function countPasskeys(tenantId: string, db: Executor, userId: string) {
  const [row] = await db.select({ value: count() }).from(passkeys).where(own(tenantId, userId));
  return row?.value ?? 0;
}

export async function deleteAllPasskeys(tenantId: string, db: Executor, userId: string) {
  const rows = await db.delete(passkeys).where(own(tenantId, userId)).returning({ id: passkeys.id });
  return rows.length;
}
