import { and, asc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newestFirst } from '../../db/order.js';
import { auditChainHeads, auditEvents, tenants } from '../../db/schema/index.js';

/** What the list and the export select; every field narrows, all together combine. */
export interface AuditFilter {
  actorId?: string;
  /** Lower-cased: matched against the address the actor had when the event happened. */
  actorEmail?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  /** Exclusive: the API's `to` plus a millisecond, as its times are shown to the millisecond. */
  until?: Date;
  outcome?: 'success' | 'failure';
}

const e = auditEvents;

/** The event as the API shows it: everything but the chain's hashes. */
const eventView = {
  id: e.id,
  seq: e.seq,
  createdAt: e.createdAt,
  actorId: e.actorId,
  actorEmail: e.actorEmail,
  actorName: e.actorName,
  action: e.action,
  outcome: e.outcome,
  method: e.method,
  targetType: e.targetType,
  targetId: e.targetId,
  targetName: e.targetName,
  changes: e.changes,
  ip: e.ip,
  userAgent: e.userAgent,
  requestId: e.requestId,
};
export type AuditEventRow = Awaited<ReturnType<typeof listEvents>>[number];

/**
 * A time range as a range of seq too. Since migration 0027 an event's time is the database's clock once
 * its tenant's head is locked, so times rise with seq; the events from before it may be out of order by
 * the length of a transaction, which the hour of margin covers. The exact time condition still selects;
 * the seq range is what lets every (tenant_id, …, seq desc) index start and stop at the range, instead
 * of walking the events newer than it (millions, for a month a year back in a busy tenant).
 *
 * The bounds are read first, by a statement of their own (the (tenant_id, created_at) index finds each
 * in a few pages), and given to the page's statement as numbers: as subqueries their values were
 * unknown when it was planned, and for a day the planner trusted its estimate of the time range over
 * them, read the day through the created_at index and sorted it (seconds, for a day a year back that is
 * not in memory). As numbers they are also plain comparisons, which row-level security lets be index
 * conditions. No event at an end of the range means none in it.
 */
const SEQ_RANGE_MARGIN_MS = 60 * 60 * 1000;

export interface SeqRange {
  lowest?: number;
  highest?: number;
}

export async function seqRangeOf(
  tenantId: string,
  db: Executor,
  filter: AuditFilter,
): Promise<SeqRange | 'none'> {
  if (!filter.from && !filter.until) return {};
  const first = filter.from && new Date(filter.from.getTime() - SEQ_RANGE_MARGIN_MS);
  const last = filter.until && new Date(filter.until.getTime() + SEQ_RANGE_MARGIN_MS);
  const result = await db.execute<{ lowest: string | number | null; highest: string | number | null }>(
    sql`select ${
      first
        ? sql`(select a.seq from ${e} a where a.tenant_id = ${tenantId} and a.created_at >= ${first.toISOString()}::timestamptz order by a.created_at asc nulls first limit 1)`
        : sql`null`
    } as lowest, ${
      last
        ? sql`(select a.seq from ${e} a where a.tenant_id = ${tenantId} and a.created_at < ${last.toISOString()}::timestamptz order by a.created_at desc nulls last limit 1)`
        : sql`null`
    } as highest`,
  );
  // PGlite and node-postgres both answer { rows }; a bigint may come as text.
  const [row] = (result as unknown as { rows: { lowest: unknown; highest: unknown }[] }).rows;
  if ((first && row?.lowest == null) || (last && row?.highest == null)) return 'none';
  return {
    lowest: first ? Number(row!.lowest) : undefined,
    highest: last ? Number(row!.highest) : undefined,
  };
}

function conditions(tenantId: string, filter: AuditFilter, range: SeqRange): (SQL | undefined)[] {
  return [
    eq(e.tenantId, tenantId),
    range.lowest !== undefined ? gte(e.seq, range.lowest) : undefined,
    range.highest !== undefined ? lte(e.seq, range.highest) : undefined,
    filter.actorId ? eq(e.actorId, filter.actorId) : undefined,
    // lower(actor_email) is what its index holds.
    filter.actorEmail ? sql`lower(${e.actorEmail}) = ${filter.actorEmail}` : undefined,
    filter.action ? eq(e.action, filter.action) : undefined,
    filter.targetType ? eq(e.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(e.targetId, filter.targetId) : undefined,
    timeCondition(filter),
    filter.outcome ? eq(e.outcome, filter.outcome) : undefined,
  ];
}

/**
 * The exact time range, which still selects within the seq range (its hour of margin at each end). To
 * the planner it is opaque: estimated apart, the seq range and the time range each keep a day's share
 * of the tenant's events, and multiplied as if unrelated they left 9 of a day's 13,700 (at 5 million
 * events), fewer than a page. Expecting to read them all, the planner read the whole day and sorted it
 * (20 ms warm, over 100 ms cold) rather than walk the seq index and stop at the page. Inside
 * `coalesce()` the condition is one the planner cannot look into and takes as half the rows, so the
 * seq range alone sizes the read; it cannot be null, so it selects the same events.
 */
function timeCondition(filter: AuditFilter): SQL | undefined {
  const bounds = and(
    filter.from ? gte(e.createdAt, filter.from) : undefined,
    filter.until ? lt(e.createdAt, filter.until) : undefined,
  );
  return bounds && sql`coalesce(${bounds}, false)`;
}

/** The statement of one page (listEvents), its time range given as a range of seq (seqRangeOf). */
export function eventsPage(
  tenantId: string,
  db: Executor,
  filter: AuditFilter,
  page: { beforeSeq?: number; limit: number },
  range: SeqRange,
) {
  return db
    .select(eventView)
    .from(e)
    .where(
      and(...conditions(tenantId, filter, range), page.beforeSeq ? lt(e.seq, page.beforeSeq) : undefined),
    )
    .orderBy(newestFirst(e.seq))
    .limit(page.limit);
}

/**
 * One page of the tenant's events, newest first: those before `beforeSeq` (the previous page's last),
 * found through a (tenant_id, …, seq desc) index however deep the page is.
 */
export async function listEvents(
  tenantId: string,
  db: Executor,
  filter: AuditFilter,
  page: { beforeSeq?: number; limit: number },
) {
  const range = await seqRangeOf(tenantId, db, filter);
  if (range === 'none') return [];
  return eventsPage(tenantId, db, filter, page, range);
}

/** The user's newest attempts to sign in (the events their sign-ins write), through the actor index. */
export function signInEvents(
  tenantId: string,
  db: Executor,
  userId: string,
  actions: string[],
  limit: number,
) {
  return db
    .select(eventView)
    .from(e)
    .where(and(eq(e.tenantId, tenantId), eq(e.actorId, userId), inArray(e.action, actions)))
    .orderBy(newestFirst(e.seq))
    .limit(limit);
}

/** A batch of the chain in order, with the hash skyvault_audit_hash gives each event now. */
export function chainBatch(tenantId: string, db: Executor, afterSeq: number, limit: number) {
  return db
    .select({
      id: e.id,
      seq: e.seq,
      hash: e.hash,
      prevHash: e.prevHash,
      expected: sql<string>`skyvault_audit_hash(${e})`,
    })
    .from(e)
    .where(and(eq(e.tenantId, tenantId), gt(e.seq, afterSeq)))
    .orderBy(asc(e.seq))
    .limit(limit);
}

export async function chainHead(tenantId: string, db: Executor) {
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.tenantId, tenantId));
  return head ?? null;
}

/**
 * Each tenant whose trail holds events older than its retention, with the newest of them by time (the
 * (tenant_id, created_at) index finds it): everything up to its seq goes. An event is taken an hour
 * after its retention ends: the database refuses to remove one still within it (migration 0027), and
 * events written before their time came from the database's clock may be out of order by the length of
 * a transaction, so the margin keeps every event up to that seq past its retention too.
 */
export async function expiredThrough(db: Executor) {
  const result = await db.execute<{ tenant_id: string; seq: string | number }>(
    sql`select t.id as tenant_id, x.seq
          from ${tenants} t
          cross join lateral (
            select a.seq from ${e} a
             where a.tenant_id = t.id
               and a.created_at < now() - make_interval(days => t.audit_retention_days, hours => 1)
             -- Events of one instant (a batch backdated together) go together: the newest seq of them.
             order by a.created_at desc nulls last, a.seq desc nulls last
             limit 1
          ) x`,
  );
  // PGlite and node-postgres both answer { rows }; a bigint may come as text.
  return (result as unknown as { rows: { tenant_id: string; seq: string | number }[] }).rows.map((row) => ({
    tenantId: row.tenant_id,
    throughSeq: Number(row.seq),
  }));
}

/**
 * Deletes up to `limit` of the tenant's oldest events, none past `throughSeq`, and makes the newest
 * deleted one the anchor that the oldest kept event follows. Answers how many went.
 */
export async function deleteOldest(tenantId: string, db: Executor, throughSeq: number, limit: number) {
  const result = await db.execute<{ deleted: string | number }>(
    sql`with gone as (
          delete from ${e}
           where tenant_id = ${tenantId}
             and seq in (select seq from ${e} where tenant_id = ${tenantId} and seq <= ${throughSeq}
                          order by seq limit ${limit})
          returning seq, hash
        ), last as (
          select seq, hash from gone order by seq desc limit 1
        )
        update ${auditChainHeads} h set anchor_seq = last.seq, anchor_hash = last.hash
          from last
         where h.tenant_id = ${tenantId}
        returning (select count(*) from gone) as deleted`,
  );
  const rows = (result as unknown as { rows: { deleted: string | number }[] }).rows;
  return Number(rows[0]?.deleted ?? 0);
}
