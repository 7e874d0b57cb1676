import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { AppDb, Executor } from '../../db/client.js';
import { sessions, tenants, users } from '../../db/schema/index.js';
import type { RangeBounds } from '../ip-ranges/index.js';

/** A permission on one resource, as skyvault_session_by_token answers it (migration 0040). */
export interface ResourceGrantRow {
  permission: string;
  resourceType: string;
  resourceId: string;
}

/**
 * Finds a session by its token hash with its user, tenant and network ranges; runs before any tenant is
 * known. The join lives in the SQL function skyvault_session_by_token (migration 0009), whose plan is
 * kept: this runs on every signed-in call. Migration 0018 adds whether the session is restricted to MFA
 * enrolment.
 */
export async function findByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: sql<string>`found.id`,
      tenantId: sql<string>`found.tenant_id`,
      userId: sql<string>`found.user_id`,
      expiresAt: sql`found.expires_at`.mapWith(sessions.expiresAt),
      lastSeenAt: sql`found.last_seen_at`.mapWith(sessions.lastSeenAt),
      isAdmin: sql<boolean>`found.is_admin`,
      userStatus: sql`found.user_status`.mapWith(users.status),
      tenantStatus: sql`found.tenant_status`.mapWith(tenants.status),
      services: sql`found.services`.mapWith(tenants.services),
      ipRanges: sql<RangeBounds[]>`found.ip_ranges`,
      mfaEnrolment: sql<boolean>`found.mfa_enrolment`,
      // Migration 0038: the user's administrator roles (0040: from every source, while they last).
      adminRoles: sql<string[]>`found.admin_roles`,
      // Migration 0040: the permissions on one resource the user holds now.
      resourceGrants: sql<ResourceGrantRow[] | null>`found.resource_grants`,
    })
    .from(sql`skyvault_session_by_token(${tokenHash}) as found`);
  return row ?? null;
}

export interface NewSession {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  ip?: string;
  userAgent?: string;
  timezone?: string;
  mfaEnrolment?: boolean;
}

export async function insertSession(tenantId: string, db: Executor, values: NewSession) {
  const [row] = await db
    .insert(sessions)
    .values({ tenantId, ...values })
    .returning({ id: sessions.id });
  return row!;
}

/**
 * The same insert as a data-modifying CTE, for a statement that records its audit event too. Its
 * values are placeholders (the statement is built once): `sessionParams` gives them.
 */
export const insertSessionCte = (db: AppDb) =>
  db.$with('opened').as(
    db
      .insert(sessions)
      .values({
        id: sql.placeholder('sessionId'),
        tenantId: sql.placeholder('sessionTenantId'),
        userId: sql.placeholder('sessionUserId'),
        tokenHash: sql.placeholder('sessionTokenHash'),
        expiresAt: sql.placeholder('sessionExpiresAt'),
        ip: sql.placeholder('sessionIp'),
        userAgent: sql.placeholder('sessionUserAgent'),
        timezone: sql.placeholder('sessionTimezone'),
        mfaEnrolment: sql.placeholder('sessionMfaEnrolment'),
      })
      .returning({ id: sessions.id }),
  );

/** The values of `insertSessionCte`'s placeholders (every one named: an absent value is null). */
export const sessionParams = (tenantId: string, values: NewSession & { id: string }) => ({
  sessionId: values.id,
  sessionTenantId: tenantId,
  sessionUserId: values.userId,
  sessionTokenHash: values.tokenHash,
  sessionExpiresAt: values.expiresAt,
  sessionIp: values.ip ?? null,
  sessionUserAgent: values.userAgent ?? null,
  sessionTimezone: values.timezone ?? null,
  sessionMfaEnrolment: values.mfaEnrolment ?? false,
});

/**
 * Marks the session used at `at` unless it was within `everyMs`, or another call is marking it now
 * (its row locked: that one writes the same). A burst of calls on one session never queues on its row:
 * each would otherwise wait for the one before it to commit, holding its connection meanwhile.
 */
export async function touchSession(tenantId: string, db: Executor, id: string, at: Date, everyMs: number) {
  const due = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.id, id),
        lt(sessions.lastSeenAt, new Date(at.getTime() - everyMs)),
      ),
    )
    .for('update', { skipLocked: true });
  await db
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(and(eq(sessions.tenantId, tenantId), inArray(sessions.id, due)));
}

export async function deleteSession(tenantId: string, db: Executor, id: string) {
  await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
}

/**
 * Ends every session of a user, optionally keeping one (the caller's own, after a password change);
 * answers how many ended.
 */
export async function deleteUserSessions(tenantId: string, db: Executor, userId: string, keepId?: string) {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        keepId ? ne(sessions.id, keepId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** A user's sessions still in force, most recently used first (the sessions screens). */
export async function listUserSessions(tenantId: string, db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one session of a user; false when the user has no such session. */
export async function deleteUserSession(tenantId: string, db: Executor, userId: string, id: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** A user's first factor is enabled: none of their sessions is restricted to enrolment any more. */
export async function liftEnrolmentRestriction(tenantId: string, db: Executor, userId: string) {
  await db
    .update(sessions)
    .set({ mfaEnrolment: false })
    .where(
      and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), eq(sessions.mfaEnrolment, true)),
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
      adminRoles: sql<string[]>`skyvault_admin_roles_of(${users.tenantId}, ${users.id})`,
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

/** A user's administrator roles from every source, while they last (migration 0040), for a sign-in's answer. */
export async function findAdminRoleNames(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select({ roles: sql<string[]>`skyvault_admin_roles_of(${users.tenantId}, ${users.id})` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.roles ?? [];
}
