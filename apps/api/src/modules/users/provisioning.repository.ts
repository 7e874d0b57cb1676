import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { groups, users } from '../../db/schema/index.js';

/**
 * What a provisioning client (SCIM) reads of users: the fields of its User resource, found by the
 * keys its filters use (the e-mail address, whatever its case, or the id it gave the user).
 */
const provisionedView = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  externalId: users.externalId,
  groupId: users.groupId,
  groupName: groups.name,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type ProvisionedUserRow = Awaited<ReturnType<typeof listProvisioned>>['rows'][number];

export interface ProvisionedFilter {
  id?: string;
  email?: string;
  externalId?: string;
}

const withGroup = and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId));

const matching = (tenantId: string, filter: ProvisionedFilter): SQL | undefined =>
  and(
    eq(users.tenantId, tenantId),
    filter.id !== undefined ? eq(users.id, filter.id) : undefined,
    filter.email !== undefined ? sql`lower(${users.email}) = lower(${filter.email})` : undefined,
    filter.externalId !== undefined ? eq(users.externalId, filter.externalId) : undefined,
  );

/**
 * One page of the tenant's users that match, oldest first (a client pages with startIndex and expects
 * a stable order while it does), and how many match. The page is read by the database, never in here.
 */
export async function listProvisioned(
  tenantId: string,
  db: Executor,
  filter: ProvisionedFilter,
  page: { offset: number; limit: number },
) {
  const where = matching(tenantId, filter);
  const [rows, [total]] = await Promise.all([
    page.limit === 0
      ? Promise.resolve([])
      : db
          .select(provisionedView)
          .from(users)
          .leftJoin(groups, withGroup)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** Whether another of the tenant's users already carries this externalId. */
export async function externalIdTaken(tenantId: string, db: Executor, externalId: string, exceptId?: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.externalId, externalId),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function setExternalId(
  tenantId: string,
  db: Executor,
  userId: string,
  externalId: string | null,
) {
  await db
    .update(users)
    .set({ externalId, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
