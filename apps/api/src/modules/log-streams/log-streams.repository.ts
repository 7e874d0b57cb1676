import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { auditEvents, logStreams } from '../../db/schema/index.js';
import { firstRow } from '../../lib/sql.js';

export type LogStreamRow = typeof logStreams.$inferSelect;
type LogStreamInsert = typeof logStreams.$inferInsert;

const mine = (tenantId: string, id: string) => and(eq(logStreams.tenantId, tenantId), eq(logStreams.id, id));

/**
 * When the oldest event the stream of the row has not sent happened (after its cursor, through its
 * filter: eventsAfter's rule, on the row's columns); null when it is up to date. A subquery a row, on
 * the audit trail's (tenant, seq) index: the list's lag is not a query per stream.
 */
const oldestUnsent = sql<Date | null>`(
  select ${auditEvents.createdAt} from ${auditEvents}
  where ${auditEvents.tenantId} = ${logStreams.tenantId}
    and ${auditEvents.seq} > ${logStreams.deliveredSeq}
    and (cardinality(${logStreams.actions}) = 0 or ${auditEvents.action} = any(${logStreams.actions}))
  order by ${auditEvents.seq} limit 1)`.mapWith(auditEvents.createdAt);

/** Every stream of the tenant with its oldest unsent event's time. */
export const listStreams = (tenantId: string, db: Executor) =>
  db
    .select({ stream: logStreams, oldest: oldestUnsent })
    .from(logStreams)
    .where(eq(logStreams.tenantId, tenantId))
    .orderBy(asc(logStreams.createdAt), asc(logStreams.id));

export async function findStream(
  tenantId: string,
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db.select().from(logStreams).where(mine(tenantId, id)).limit(1).$dynamic();
  return firstRow(query, options);
}

/** The stream, locked for the change of the caller's transaction (CHANGE_LOCK). */
export const lockStream = (tenantId: string, tx: Tx, id: string) =>
  findStream(tenantId, tx, id, { lock: true });

export async function countStreams(tenantId: string, db: Executor) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(logStreams)
    .where(eq(logStreams.tenantId, tenantId));
  return row?.n ?? 0;
}

export async function nameTaken(tenantId: string, db: Executor, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: logStreams.id })
    .from(logStreams)
    .where(
      and(
        eq(logStreams.tenantId, tenantId),
        sql`lower(${logStreams.name}) = lower(${name})`,
        exceptId ? sql`${logStreams.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertStream(tx: Tx, values: LogStreamInsert) {
  const [row] = await tx.insert(logStreams).values(values).returning();
  return row!;
}

/**
 * A change by an administrator: `updated_at` moves, which tells a delivery under way (it compares it
 * when it settles) that the stream changed under it, so that it stops and a fresh claim starts over.
 */
export async function updateStream(
  tenantId: string,
  tx: Tx,
  id: string,
  values: Partial<LogStreamInsert>,
  at: Date,
) {
  const [row] = await tx
    .update(logStreams)
    .set({ ...values, updatedAt: at })
    .where(mine(tenantId, id))
    .returning();
  return row!;
}

export const deleteStream = (tenantId: string, tx: Tx, id: string) =>
  tx.delete(logStreams).where(mine(tenantId, id));

/** The tenant's newest event's seq (0: none), which a new stream starts after. */
export async function headSeq(tenantId: string, db: Executor) {
  const [row] = await db
    .select({ seq: auditEvents.seq })
    .from(auditEvents)
    .where(eq(auditEvents.tenantId, tenantId))
    .orderBy(sql`${auditEvents.seq} desc`)
    .limit(1);
  return row?.seq ?? 0;
}

/** The seq just before the first event at or after `from` (a replay's cursor). */
export async function seqBefore(tenantId: string, db: Executor, from: Date) {
  const [row] = await db
    .select({ seq: auditEvents.seq })
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, tenantId), gte(auditEvents.createdAt, from)))
    .orderBy(asc(auditEvents.seq))
    .limit(1);
  return row ? row.seq - 1 : await headSeq(tenantId, db);
}

const passes = (actions: string[]) => (actions.length > 0 ? inArray(auditEvents.action, actions) : undefined);

/** The events a stream has still to send, oldest first: after its cursor, through its filter. */
export const eventsAfter = (tenantId: string, db: Executor, seq: number, actions: string[], limit: number) =>
  db
    .select({
      id: auditEvents.id,
      tenantId: auditEvents.tenantId,
      seq: auditEvents.seq,
      // The time as the hash covers it: UTC, microseconds (migration 0014's skyvault_audit_hash).
      time: sql<string>`to_char(${auditEvents.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      actorId: auditEvents.actorId,
      actorEmail: auditEvents.actorEmail,
      actorName: auditEvents.actorName,
      action: auditEvents.action,
      method: auditEvents.method,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      targetName: auditEvents.targetName,
      outcome: auditEvents.outcome,
      changes: auditEvents.changes,
      ip: auditEvents.ip,
      userAgent: auditEvents.userAgent,
      requestId: auditEvents.requestId,
      prevHash: auditEvents.prevHash,
      hash: auditEvents.hash,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, tenantId), gt(auditEvents.seq, seq), passes(actions)))
    .orderBy(asc(auditEvents.seq))
    .limit(limit);
export type AuditEventRow = Awaited<ReturnType<typeof eventsAfter>>[number];

/** The oldest unsent event's time of one stream, as the caller's transaction sees its row. */
export async function oldestUndelivered(tenantId: string, db: Executor, id: string) {
  const [row] = await db.select({ at: oldestUnsent }).from(logStreams).where(mine(tenantId, id));
  return row?.at ?? null;
}

/**
 * Claims streams due at `at` (across tenants, on the owner connection): their lease runs to `until`,
 * so that another process's claim passes them over (SKIP LOCKED) until it ends.
 */
export async function claimDue(tx: Tx, at: Date, until: Date, batch: number): Promise<LogStreamRow[]> {
  const due = tx
    .select({ tenantId: logStreams.tenantId, id: logStreams.id })
    .from(logStreams)
    .where(
      and(
        inArray(logStreams.state, ['active', 'retrying']),
        lte(logStreams.nextAttemptAt, at),
        or(isNull(logStreams.leaseUntil), lt(logStreams.leaseUntil, at)),
      ),
    )
    .orderBy(asc(logStreams.nextAttemptAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  return tx
    .update(logStreams)
    .set({ leaseUntil: until })
    .where(sql`(${logStreams.tenantId}, ${logStreams.id}) in (${due})`)
    .returning();
}

/**
 * What a delivery records, only while its claim holds: the lease it took, and no change by an
 * administrator since (updated_at). Answers the row, or null when the claim was lost.
 */
export async function settle(
  tx: Tx,
  claim: LogStreamRow,
  values: Partial<LogStreamInsert>,
): Promise<LogStreamRow | null> {
  const [row] = await tx
    .update(logStreams)
    .set(values)
    .where(
      and(
        mine(claim.tenantId, claim.id),
        eq(logStreams.leaseUntil, claim.leaseUntil!),
        eq(logStreams.updatedAt, claim.updatedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives a claim back (a change under way, or the process stopping): the stream is due again at once. */
export const release = (tx: Tx, claim: LogStreamRow) =>
  tx
    .update(logStreams)
    .set({ leaseUntil: null })
    .where(and(mine(claim.tenantId, claim.id), eq(logStreams.leaseUntil, claim.leaseUntil!)));
