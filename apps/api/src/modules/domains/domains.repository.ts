import { and, asc, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { verifiedDomains } from '../../db/schema/index.js';
import { firstRow } from '../../lib/sql.js';
import type { VerifiedDomainRow } from './domain-routing.js';

export type { VerifiedDomainRow } from './domain-routing.js';

const byId = (tenantId: string, id: string) =>
  and(eq(verifiedDomains.tenantId, tenantId), eq(verifiedDomains.id, id));

/** Every domain of the tenant, by name (not paginated: a tenant has a few). */
export function listDomains(tenantId: string, db: Executor) {
  return db
    .select()
    .from(verifiedDomains)
    .where(eq(verifiedDomains.tenantId, tenantId))
    .orderBy(asc(verifiedDomains.domain));
}

export async function findDomain(
  tenantId: string,
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db.select().from(verifiedDomains).where(byId(tenantId, id)).limit(1).$dynamic();
  return firstRow(query, options);
}

/**
 * The row, locked until the transaction ends (CHANGE_LOCK): a Verify, a re-check and a delete of it
 * take turns.
 */
export const lockDomain = (tenantId: string, db: Executor, id: string) =>
  findDomain(tenantId, db, id, { lock: true });

export async function tenantHasDomain(tenantId: string, db: Executor, domain: string) {
  const rows = await db
    .select({ id: verifiedDomains.id })
    .from(verifiedDomains)
    .where(and(eq(verifiedDomains.tenantId, tenantId), eq(verifiedDomains.domain, domain)))
    .limit(1);
  return rows.length > 0;
}

export async function insertDomain(
  tenantId: string,
  db: Executor,
  values: { domain: string; txtValue: string; createdBy: string | null },
) {
  const [row] = await db
    .insert(verifiedDomains)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export type DomainChange = Partial<
  Pick<
    VerifiedDomainRow,
    | 'status'
    | 'verifiedAt'
    | 'checkedAt'
    | 'nextCheckAt'
    | 'checkLeaseUntil'
    | 'lastFound'
    | 'lastError'
    | 'missingSince'
  >
>;

export async function updateDomain(tenantId: string, db: Executor, id: string, change: DomainChange) {
  const [row] = await db
    .update(verifiedDomains)
    .set({ ...change, updatedAt: new Date() })
    .where(byId(tenantId, id))
    .returning();
  return row!;
}

export async function deleteDomain(tenantId: string, db: Executor, id: string) {
  await db.delete(verifiedDomains).where(byId(tenantId, id));
}

/**
 * The verified row of the domain in another tenant, if any: whom a refused claim is audited for. Run in
 * a system transaction (it looks across tenants).
 */
export async function verifiedElsewhere(db: Executor, tenantId: string, domain: string) {
  const [row] = await db
    .select({ tenantId: verifiedDomains.tenantId, id: verifiedDomains.id, domain: verifiedDomains.domain })
    .from(verifiedDomains)
    .where(
      and(
        eq(verifiedDomains.domain, domain),
        eq(verifiedDomains.status, 'Verified'),
        ne(verifiedDomains.tenantId, tenantId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Claims up to `limit` verified domains due for their re-check, across tenants: a lease each, taken
 * with SKIP LOCKED so that two processes never claim the same one (as connections' checks are).
 */
export async function claimDue(db: Executor, at: Date, leaseUntil: Date, limit: number) {
  const due = db
    .select({ tenantId: verifiedDomains.tenantId, id: verifiedDomains.id })
    .from(verifiedDomains)
    .where(
      and(
        eq(verifiedDomains.status, 'Verified'),
        lte(verifiedDomains.nextCheckAt, at),
        or(isNull(verifiedDomains.checkLeaseUntil), lt(verifiedDomains.checkLeaseUntil, at)),
      ),
    )
    .orderBy(asc(verifiedDomains.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(verifiedDomains)
    .set({ checkLeaseUntil: leaseUntil })
    .where(sql`(${verifiedDomains.tenantId}, ${verifiedDomains.id}) in ${due}`)
    .returning({
      tenantId: verifiedDomains.tenantId,
      id: verifiedDomains.id,
      domain: verifiedDomains.domain,
      txtValue: verifiedDomains.txtValue,
    });
}
