import type { Permission } from '@skyvault/contract';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { supportGrants, supportSessions, tenants, userAdminRoles, users } from '../../db/schema/index.js';
import type { RangeBounds } from '../ip-ranges/index.js';

export type GrantRow = typeof supportGrants.$inferSelect;
export type SupportSessionRow = typeof supportSessions.$inferSelect;

/** The grant in force now (not revoked, not past its end by the database's clock), if any. */
export async function findLiveGrant(tenantId: string, db: Executor) {
  const [row] = await db
    .select()
    .from(supportGrants)
    .where(
      and(
        eq(supportGrants.tenantId, tenantId),
        isNull(supportGrants.revokedAt),
        gt(supportGrants.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(supportGrants.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findGrant(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(supportGrants)
    .where(and(eq(supportGrants.tenantId, tenantId), eq(supportGrants.id, id)))
    .limit(1);
  return row ?? null;
}

/** The grants newest first (the screen shows the last ones), each with its sessions. */
export async function listGrants(tenantId: string, db: Executor, limit: number) {
  const grants = await db
    .select()
    .from(supportGrants)
    .where(eq(supportGrants.tenantId, tenantId))
    .orderBy(desc(supportGrants.createdAt), desc(supportGrants.id))
    .limit(limit);
  const sessions =
    grants.length === 0
      ? []
      : await db
          .select()
          .from(supportSessions)
          .where(
            and(
              eq(supportSessions.tenantId, tenantId),
              inArray(
                supportSessions.grantId,
                grants.map((grant) => grant.id),
              ),
            ),
          )
          .orderBy(desc(supportSessions.createdAt));
  return grants.map((grant) => ({ grant, sessions: sessions.filter((s) => s.grantId === grant.id) }));
}

export async function insertGrant(
  tenantId: string,
  db: Executor,
  values: { grantedBy: string; grantedByName: string | null; writePermissions: Permission[]; hours: number },
) {
  const [row] = await db
    .insert(supportGrants)
    .values({
      tenantId,
      grantedBy: values.grantedBy,
      grantedByName: values.grantedByName,
      writePermissions: values.writePermissions,
      // The database's clock, as the look-up that ends the sessions reads it.
      createdAt: sql`now()`,
      expiresAt: sql`now() + make_interval(hours => ${values.hours})`,
    })
    .returning();
  return row!;
}

/** Revokes a live grant; null when it was not live (revoked or ended already). */
export async function revokeGrant(tenantId: string, db: Executor, id: string, by: string) {
  const [row] = await db
    .update(supportGrants)
    .set({ revokedAt: sql`now()`, revokedBy: by })
    .where(
      and(
        eq(supportGrants.tenantId, tenantId),
        eq(supportGrants.id, id),
        isNull(supportGrants.revokedAt),
        gt(supportGrants.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Marks the grant's held sessions (and links not yet opened) ended; answers those that were held. */
export async function endGrantSessions(tenantId: string, db: Executor, grantId: string) {
  return db
    .update(supportSessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(supportSessions.tenantId, tenantId),
        eq(supportSessions.grantId, grantId),
        isNull(supportSessions.endedAt),
      ),
    )
    .returning({ id: supportSessions.id, startedAt: supportSessions.startedAt });
}

export async function insertSession(
  tenantId: string,
  db: Executor,
  values: { grantId: string; operator: string; ticket: string; linkHash: string; linkExpiresAt: Date },
) {
  const [row] = await db
    .insert(supportSessions)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

/** A sign-in link's session, whatever its state; before any tenant is known (owner connection). */
export async function findByLinkHash(db: Executor, linkHash: string) {
  const [row] = await db
    .select({ session: supportSessions, grant: supportGrants, tenantName: tenants.name })
    .from(supportSessions)
    .innerJoin(
      supportGrants,
      and(
        eq(supportGrants.tenantId, supportSessions.tenantId),
        eq(supportGrants.id, supportSessions.grantId),
      ),
    )
    .innerJoin(tenants, eq(tenants.id, supportSessions.tenantId))
    .where(eq(supportSessions.linkHash, linkHash))
    .limit(1);
  return row ?? null;
}

/**
 * Opens the session of an unused link: sets its token and start, only if no other request did first
 * (the link works once); false otherwise.
 */
export async function startSession(
  tenantId: string,
  db: Executor,
  id: string,
  values: { tokenHash: string; ip: string; userAgent?: string },
) {
  const started = await db
    .update(supportSessions)
    .set({ ...values, startedAt: sql`now()` })
    .where(
      and(
        eq(supportSessions.tenantId, tenantId),
        eq(supportSessions.id, id),
        isNull(supportSessions.startedAt),
        isNull(supportSessions.endedAt),
      ),
    )
    .returning({ id: supportSessions.id });
  return started.length === 1;
}

export async function endSession(tenantId: string, db: Executor, id: string) {
  const ended = await db
    .update(supportSessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(supportSessions.tenantId, tenantId),
        eq(supportSessions.id, id),
        isNull(supportSessions.endedAt),
      ),
    )
    .returning({ id: supportSessions.id });
  return ended.length === 1;
}

/**
 * A held support session by its token, with its grant and tenant, only while the grant is live: the
 * SQL function skyvault_support_session_by_token (migration 0041), on the owner connection.
 */
export async function findByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: sql<string>`found.id`,
      tenantId: sql<string>`found.tenant_id`,
      grantId: sql<string>`found.grant_id`,
      operator: sql<string>`found.operator`,
      ticket: sql<string>`found.ticket`,
      writePermissions: sql<Permission[]>`found.write_permissions`,
      expiresAt: sql`found.expires_at`.mapWith(supportGrants.expiresAt),
      tenantStatus: sql<string>`found.tenant_status`,
      services: sql<string[]>`found.services`,
      ipRanges: sql<RangeBounds[]>`found.ip_ranges`,
    })
    .from(sql`skyvault_support_session_by_token(${tokenHash}) as found`);
  return row ?? null;
}

/** The tenant's enabled Owners, who are told when a support session starts. */
export async function listOwners(tenantId: string, db: Executor) {
  return db
    .select({ email: users.email, firstName: users.firstName, tenantName: tenants.name })
    .from(users)
    .innerJoin(
      userAdminRoles,
      and(eq(userAdminRoles.tenantId, users.tenantId), eq(userAdminRoles.userId, users.id)),
    )
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(userAdminRoles.role, 'Owner'),
        eq(users.isAdmin, true),
        ne(users.status, 'Disabled'),
      ),
    );
}

/** A user's name as the grant keeps it. */
export async function findUserName(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() || row.email : null;
}

export async function findTenantName(tenantId: string, db: Executor) {
  const [row] = await db
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return row?.name ?? null;
}
