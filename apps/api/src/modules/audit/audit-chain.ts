import { createHash } from 'node:crypto';
import { auditHashInput, type LogStreamEvent } from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import * as repo from './audit.repository.js';

/** Where a tenant's chain first fails to hold, and why. */
export interface ChainBreak {
  seq: number;
  id: string | null;
  problem: string;
}

export type ChainReport =
  | { ok: true; events: number; headSeq: number; headHash: string | null }
  | { ok: false; events: number; broken: ChainBreak };

/** Events read a query while verifying, and deleted a transaction by the retention. */
const VERIFY_BATCH = 1000;
const DELETE_BATCH = 5000;

/**
 * What one event must meet, in turn, for the chain to hold: the seq after the one before it, a
 * prev_hash that is the hash before it, and a hash that its content recomputes to (`expected`). Null
 * when it holds. `first`: the event the walk starts at; `anchored`: older events were removed there.
 */
export function linkProblem(
  row: { seq: number; prevHash: string | null; hash: string; expected: string | null },
  at: { nextSeq: number; prevHash: string | null; first: boolean; anchored: boolean },
): string | null {
  if (row.seq !== at.nextSeq) {
    const missing = row.seq - 1 === at.nextSeq ? `${at.nextSeq} is` : `${at.nextSeq} to ${row.seq - 1} are`;
    return `the event before it is missing: seq ${missing} not in the trail`;
  }
  if (row.prevHash !== at.prevHash) {
    return !at.first
      ? `its prev_hash is not the hash of seq ${row.seq - 1}: that event was changed or replaced`
      : at.anchored
        ? 'its prev_hash is not the anchor the retention recorded: older events were removed'
        : 'it is the first event but names one before it';
  }
  if (row.expected !== row.hash) return 'its content does not match its hash: the event was changed';
  return null;
}

/** An event's hash as the database computes it (skyvault_audit_hash), from the event as streamed. */
export const streamedEventHash = (event: LogStreamEvent) =>
  createHash('sha256').update(auditHashInput(event), 'utf8').digest('hex');

/**
 * What a log stream's receiver runs over the events it got, in seq order: `admin audit verify`'s checks
 * (linkProblem), each hash recomputed from the event itself. `from`: the event before the first one
 * received (its seq and hash), when known; otherwise the first one's prev_hash is taken as given.
 */
export function verifyReceivedChain(
  events: readonly LogStreamEvent[],
  from?: { seq: number; hash: string | null },
): ChainReport {
  let nextSeq = from ? from.seq + 1 : (events[0]?.seq ?? 1);
  let prevHash = from ? from.hash : (events[0]?.chain.prevHash ?? null);
  let count = 0;
  for (const event of events) {
    const problem = linkProblem(
      {
        seq: event.seq,
        prevHash: event.chain.prevHash,
        hash: event.chain.hash,
        expected: streamedEventHash(event),
      },
      { nextSeq, prevHash, first: count === 0, anchored: !!from || nextSeq > 1 },
    );
    if (problem) return { ok: false, events: count, broken: { seq: event.seq, id: event.id, problem } };
    prevHash = event.chain.hash;
    nextSeq += 1;
    count += 1;
  }
  return { ok: true, events: count, headSeq: nextSeq - 1, headHash: prevHash };
}

/**
 * Walks the tenant's chain in seq order, a batch at a time, on the owner connection: each event's
 * hash recomputed with skyvault_audit_hash (the function that wrote it), each prev_hash against the
 * hash before it, seq without gaps. The walk starts at the anchor, the newest event that retention
 * deleted (none: seq 1 with no prev_hash), and ends at the chain's head, so an event removed at either
 * end shows as well as one in the middle. Answers at the first event that does not hold.
 */
export async function verifyChain(database: Database, tenantId: string): Promise<ChainReport> {
  const head = await database.system((tx) => repo.chainHead(tenantId, tx));
  let nextSeq = (head?.anchorSeq ?? 0) + 1;
  let prevHash = head?.anchorHash ?? null;
  let events = 0;
  const broken = (seq: number, id: string | null, problem: string): ChainReport => ({
    ok: false,
    events,
    broken: { seq, id, problem },
  });
  for (;;) {
    const rows = await database.system((tx) => repo.chainBatch(tenantId, tx, nextSeq - 1, VERIFY_BATCH));
    for (const row of rows) {
      const problem = linkProblem(row, {
        nextSeq,
        prevHash,
        first: nextSeq === (head?.anchorSeq ?? 0) + 1,
        anchored: !!head?.anchorSeq,
      });
      if (problem) return broken(row.seq, row.id, problem);
      prevHash = row.hash;
      nextSeq += 1;
      events += 1;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  const lastSeq = nextSeq - 1;
  if (!head) {
    return events === 0
      ? { ok: true, events, headSeq: 0, headHash: null }
      : broken(lastSeq, null, 'the chain has events but no head: the head row was removed');
  }
  if (head.seq !== lastSeq) {
    const missing = head.seq - lastSeq === 1 ? `seq ${head.seq} is` : `seq ${lastSeq + 1} to ${head.seq} are`;
    return broken(head.seq, null, `the newest events are missing: ${missing} not in the trail`);
  }
  if (head.hash !== prevHash) {
    return broken(lastSeq, null, "the newest event's hash is not the one its head recorded");
  }
  return { ok: true, events, headSeq: head.seq, headHash: head.hash };
}

/**
 * The retention (housekeeping): deletes each tenant's events older than its `audit_retention_days`,
 * oldest first, in batches, on the owner connection (the app's role may not delete events). The
 * newest deleted event becomes the anchor that verifyChain starts from. Answers how many went.
 */
export async function deleteExpiredEvents(database: Database): Promise<number> {
  const expired = await database.system((tx) => repo.expiredThrough(tx));
  let deleted = 0;
  for (const { tenantId, throughSeq } of expired) {
    for (;;) {
      const batch = await database.system((tx) => repo.deleteOldest(tenantId, tx, throughSeq, DELETE_BATCH));
      deleted += batch;
      if (batch < DELETE_BATCH) break;
    }
  }
  return deleted;
}
