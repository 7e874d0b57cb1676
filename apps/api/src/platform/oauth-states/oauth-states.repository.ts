import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oauthStates } from '../../db/schema/index.js';

export type OAuthStateRow = typeof oauthStates.$inferSelect;

/**
 * OAuth round trips we started (Salesforce connections, single sign-on and its TOTP step). The browser
 * comes back with only the state, so the look-up is by its hash, before any tenant is known; every
 * other call names the tenant.
 */
export async function insertState(
  tenantId: string,
  db: Executor,
  values: Omit<typeof oauthStates.$inferInsert, 'id' | 'tenantId' | 'createdAt'>,
) {
  await db.insert(oauthStates).values({ tenantId, ...values });
}

export async function findStateByHash(db: Executor, stateHash: string) {
  const [row] = await db.select().from(oauthStates).where(eq(oauthStates.stateHash, stateHash)).limit(1);
  return row ?? null;
}

/** Deletes one state; false when another request deleted it first (each state is used once). */
export async function consumeState(db: Executor, id: string) {
  const rows = await db.delete(oauthStates).where(eq(oauthStates.id, id)).returning({ id: oauthStates.id });
  return rows.length === 1;
}

/** Voids the earlier round trips for one target, so that only the newest login link works. */
export async function deleteStatesFor(tenantId: string, db: Executor, purpose: string, targetId: string) {
  await db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.tenantId, tenantId),
        eq(oauthStates.purpose, purpose),
        eq(oauthStates.targetId, targetId),
      ),
    );
}

/** Abandoned round trips: swept when a new one starts and by the server's housekeeping (expiry index). */
export async function deleteExpiredStates(db: Executor, now = new Date()) {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
}
