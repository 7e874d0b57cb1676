import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, tenants, users } from '../../db/schema/index.js';
import { ipRangesOfTenant } from '../ip-ranges/ip-ranges.repository.js';

const tenantIpRanges = ipRangesOfTenant(sessions.tenantId);

/** Finds a session by its token hash with its user, tenant and network ranges; runs before any tenant is known. */
export async function findByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      tenantId: sessions.tenantId,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      isAdmin: users.isAdmin,
      userStatus: users.status,
      tenantStatus: tenants.status,
      services: tenants.services,
      ipRanges: tenantIpRanges,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function insertSession(
  tenantId: string,
  db: Executor,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    ip?: string;
    userAgent?: string;
    timezone?: string;
  },
) {
  const [row] = await db
    .insert(sessions)
    .values({ tenantId, ...values })
    .returning({ id: sessions.id });
  return row!;
}

export async function touchSession(tenantId: string, db: Executor, id: string, at: Date) {
  await db
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
}

export async function deleteSession(tenantId: string, db: Executor, id: string) {
  await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
}

/** Ends every session of a user, optionally keeping one (the caller's own, after a password change). */
export async function deleteUserSessions(tenantId: string, db: Executor, userId: string, keepId?: string) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        keepId ? ne(sessions.id, keepId) : undefined,
      ),
    );
}

/** Housekeeping: removes sessions past their absolute expiry. */
export async function deleteExpiredSessions(db: Executor, now: Date) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < ${now}`);
}

/** The signed-in user with their tenant, for GET /v1/auth/session. */
export async function findSessionUser(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
      tenantId: tenants.id,
      tenantName: tenants.name,
      services: tenants.services,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}
