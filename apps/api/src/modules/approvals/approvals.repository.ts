import type { AdminRole, ApprovalAction, ApprovalStatus } from '@skyvault/contract';
import { and, desc, eq, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  approvalPolicies,
  approvalRequests,
  type RequestedFrom,
  tenants,
  users,
} from '../../db/schema/index.js';

export type PolicyRow = typeof approvalPolicies.$inferSelect;
export type RequestRow = typeof approvalRequests.$inferSelect;

export const findPolicy = async (tenantId: string, db: Executor): Promise<PolicyRow | null> =>
  (await db.select().from(approvalPolicies).where(eq(approvalPolicies.tenantId, tenantId)).limit(1))[0] ??
  null;

export async function savePolicy(
  tenantId: string,
  db: Executor,
  values: { actions: ApprovalAction[]; validityHours: number },
): Promise<PolicyRow> {
  const [row] = await db
    .insert(approvalPolicies)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({
      target: approvalPolicies.tenantId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function insertRequest(
  tenantId: string,
  db: Executor,
  values: {
    action: ApprovalAction;
    targetType: string;
    targetId: string | null;
    targetName: string | null;
    payload: Record<string, unknown>;
    reason: string;
    requestedBy: string;
    requestedFrom: RequestedFrom;
    validityHours: number;
  },
): Promise<RequestRow> {
  const { validityHours, ...rest } = values;
  const [row] = await db
    .insert(approvalRequests)
    .values({ tenantId, ...rest, expiresAt: sql`now() + make_interval(hours => ${validityHours}::int)` })
    .returning();
  return row!;
}

/** Pending requests past their validity become expired (answered so that each is audited once). */
export const expireDue = (tenantId: string, db: Executor): Promise<RequestRow[]> =>
  db
    .update(approvalRequests)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(
      and(
        eq(approvalRequests.tenantId, tenantId),
        eq(approvalRequests.status, 'pending'),
        lte(approvalRequests.expiresAt, sql`now()`),
      ),
    )
    .returning();

/**
 * Approved requests whose execution never settled (the process ended between the approval and the
 * change's commit): after `minutes` they end failed, so none waits for ever. The change itself is
 * all-or-nothing in its own transaction; the audit trail tells whether it was made.
 */
export const failInterrupted = (tenantId: string, db: Executor, reason: string, minutes: number) =>
  db
    .update(approvalRequests)
    .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(approvalRequests.tenantId, tenantId),
        eq(approvalRequests.status, 'approved'),
        lte(approvalRequests.decidedAt, sql`now() - make_interval(mins => ${minutes}::int)`),
      ),
    )
    .returning();

/**
 * The one way a request's status moves: from the status it must still have, in one statement, so that of
 * two approvers (or two processes) only one gets the row back. A pending request must also still be
 * within its validity.
 */
export async function transition(
  tenantId: string,
  db: Executor,
  id: string,
  from: ApprovalStatus,
  to: ApprovalStatus,
  set: Partial<Pick<RequestRow, 'decidedBy' | 'comment' | 'failureReason'>> & {
    decided?: boolean;
    executed?: boolean;
  } = {},
): Promise<RequestRow | null> {
  const { decided, executed, ...fields } = set;
  const [row] = await db
    .update(approvalRequests)
    .set({
      ...fields,
      status: to,
      updatedAt: sql`now()`,
      ...(decided ? { decidedAt: sql`now()` } : {}),
      ...(executed ? { executedAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(approvalRequests.tenantId, tenantId),
        eq(approvalRequests.id, id),
        eq(approvalRequests.status, from),
        from === 'pending' ? sql`${approvalRequests.expiresAt} > now()` : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const viewColumns = {
  request: approvalRequests,
  requesterEmail: requester.email,
  requesterFirstName: requester.firstName,
  requesterLastName: requester.lastName,
  deciderEmail: decider.email,
  deciderFirstName: decider.firstName,
  deciderLastName: decider.lastName,
};
export type RequestView = {
  request: RequestRow;
  requesterEmail: string | null;
  requesterFirstName: string | null;
  requesterLastName: string | null;
  deciderEmail: string | null;
  deciderFirstName: string | null;
  deciderLastName: string | null;
};

const viewFrom = (db: Executor) =>
  db
    .select(viewColumns)
    .from(approvalRequests)
    .leftJoin(
      requester,
      and(eq(requester.tenantId, approvalRequests.tenantId), eq(requester.id, approvalRequests.requestedBy)),
    )
    .leftJoin(
      decider,
      and(eq(decider.tenantId, approvalRequests.tenantId), eq(decider.id, approvalRequests.decidedBy)),
    );

export const findRequest = async (tenantId: string, db: Executor, id: string): Promise<RequestView | null> =>
  (
    await viewFrom(db)
      .where(and(eq(approvalRequests.tenantId, tenantId), eq(approvalRequests.id, id)))
      .limit(1)
  )[0] ?? null;

/** Which requests a tab shows: see approvalListQuerySchema; `decidable` are the actions the caller may decide. */
function listCondition(
  tenantId: string,
  filter: 'pending' | 'decided' | 'mine',
  userId: string,
  decidable: readonly ApprovalAction[],
): SQL {
  const tenant = eq(approvalRequests.tenantId, tenantId);
  if (filter === 'mine') return and(tenant, eq(approvalRequests.requestedBy, userId))!;
  if (filter === 'decided') return and(tenant, ne(approvalRequests.status, 'pending'))!;
  const forMe =
    decidable.length > 0
      ? and(inArray(approvalRequests.action, [...decidable]), ne(approvalRequests.requestedBy, userId))
      : undefined;
  return and(
    tenant,
    eq(approvalRequests.status, 'pending'),
    forMe ? or(forMe, eq(approvalRequests.requestedBy, userId)) : eq(approvalRequests.requestedBy, userId),
  )!;
}

export async function listRequests(
  tenantId: string,
  db: Executor,
  q: {
    filter: 'pending' | 'decided' | 'mine';
    userId: string;
    decidable: readonly ApprovalAction[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: RequestView[]; count: number }> {
  const where = listCondition(tenantId, q.filter, q.userId, q.decidable);
  const [rows, [total]] = await Promise.all([
    viewFrom(db)
      .where(where)
      .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(approvalRequests).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/** The badge: pending requests of others whose action the caller may decide. */
export async function countPendingFor(
  tenantId: string,
  db: Executor,
  userId: string,
  decidable: readonly ApprovalAction[],
): Promise<number> {
  if (decidable.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.tenantId, tenantId),
        eq(approvalRequests.status, 'pending'),
        inArray(approvalRequests.action, [...decidable]),
        ne(approvalRequests.requestedBy, userId),
      ),
    );
  return row?.count ?? 0;
}

/** What the requester is now: the change is carried out with their roles of today, not of the request's day. */
export async function findStanding(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select({
      status: users.status,
      isAdmin: users.isAdmin,
      email: users.email,
      firstName: users.firstName,
      services: tenants.services,
      // Every source of roles: their own, time-bound ones still running, their group's (migration 0040).
      roles: sql<AdminRole[]>`skyvault_admin_roles_of(${users.tenantId}, ${users.id})`,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Who may approve: the tenant's enabled users holding one of `roles` (the roles that give the action's
 * permission), except the requester; each once, with the tenant's name for the message.
 */
export function listApprovers(
  tenantId: string,
  db: Executor,
  roles: readonly AdminRole[],
  exceptUserId: string,
) {
  if (roles.length === 0) return Promise.resolve([]);
  return db
    .select({ email: users.email, firstName: users.firstName, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(
        eq(users.tenantId, tenantId),
        ne(users.id, exceptUserId),
        ne(users.status, 'Disabled'),
        // Administrators only (is_admin follows every source of roles), then the roles of every source.
        eq(users.isAdmin, true),
        sql`skyvault_admin_roles_of(${users.tenantId}, ${users.id}) && ARRAY[${sql.join(
          roles.map((role) => sql`${role}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
}
