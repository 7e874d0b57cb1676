import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiTokens, tenants, users } from '../../db/schema/index.js';
import { firstRow } from '../../lib/sql.js';
import type { RangeBounds } from '../ip-ranges/index.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

const byId = (tenantId: string, id: string) => and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id));

/**
 * The token behind a bearer's hash with its tenant's state and ranges, and for a token made in its
 * creator's MFA grace period whether the creator has enrolled since: one statement, owner connection.
 */
export async function findByHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: sql<string>`found.id`,
      tenantId: sql<string>`found.tenant_id`,
      name: sql<string>`found.name`,
      scope: sql`found.scope`.mapWith(apiTokens.scope),
      expiresAt: sql`found.expires_at`.mapWith(apiTokens.expiresAt),
      lastUsedAt: sql`found.last_used_at`.mapWith(apiTokens.expiresAt),
      tenantStatus: sql`found.tenant_status`.mapWith(tenants.status),
      services: sql`found.services`.mapWith(tenants.services),
      ipRanges: sql<RangeBounds[]>`found.ip_ranges`,
      createdInMfaGraceUntil: sql`found.created_in_mfa_grace_until`.mapWith(apiTokens.createdInMfaGraceUntil),
      creatorEnrolled: sql<boolean | null>`found.creator_enrolled`,
      /** The creator's domain enforces single sign-on and stops their tokens meanwhile (migration 0034). */
      creatorSsoEnforced: sql<boolean>`found.creator_sso_enforced`,
    })
    .from(sql`skyvault_api_token_by_hash(${tokenHash}) as found`);
  return row ?? null;
}

export async function touch(tenantId: string, db: Executor, id: string, at: Date, ip: string) {
  await db.update(apiTokens).set({ lastUsedAt: at, lastUsedIp: ip }).where(byId(tenantId, id));
}

/** Every token of the tenant, oldest first, with its creator's name where the user still exists. */
export function listTokens(tenantId: string, db: Executor) {
  return db
    .select({
      token: apiTokens,
      creatorId: users.id,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
      creatorEmail: users.email,
    })
    .from(apiTokens)
    .leftJoin(users, and(eq(users.tenantId, apiTokens.tenantId), eq(users.id, apiTokens.createdBy)))
    .where(eq(apiTokens.tenantId, tenantId))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
}
export type ApiTokenListRow = Awaited<ReturnType<typeof listTokens>>[number];

export async function countTokens(tenantId: string, db: Executor) {
  const [row] = await db.select({ total: count() }).from(apiTokens).where(eq(apiTokens.tenantId, tenantId));
  return row?.total ?? 0;
}

export async function nameTaken(tenantId: string, db: Executor, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tenantId, tenantId),
        sql`lower(${apiTokens.name}) = lower(${name})`,
        exceptId ? ne(apiTokens.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertToken(
  tenantId: string,
  db: Executor,
  values: Pick<
    ApiTokenRow,
    'name' | 'scope' | 'tokenHash' | 'prefix' | 'createdBy' | 'expiresAt' | 'createdInMfaGraceUntil'
  >,
) {
  const [row] = await db
    .insert(apiTokens)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

/** The token; locked until the transaction ends before its revocation (CHANGE_LOCK). */
export async function findToken(
  tenantId: string,
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db.select().from(apiTokens).where(byId(tenantId, id)).$dynamic();
  return firstRow(query, options);
}

export async function deleteToken(tenantId: string, db: Executor, id: string) {
  await db.delete(apiTokens).where(byId(tenantId, id));
}
