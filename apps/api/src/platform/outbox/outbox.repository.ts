import { and, asc, count, eq, inArray, lte, min, or, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

export type OutboxRow = typeof outboxMessages.$inferSelect;

const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

export async function insertMessage(tx: Tx, row: typeof outboxMessages.$inferInsert): Promise<void> {
  await tx.insert(outboxMessages).values(row);
}

/**
 * Claims up to `limit` due messages for this process: pending ones whose time has come, and ones
 * whose sender's lease ran out (it crashed or hung mid-send). `FOR UPDATE SKIP LOCKED` lets
 * dispatchers of several processes claim side by side without waiting for or taking one another's
 * rows; the lease (status `sending` until next_attempt_at) keeps a claimed row from being claimed
 * again once this transaction commits.
 */
export function claimDue(executor: Executor, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = executor
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.status, ['pending', 'sending']),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return executor
    .update(outboxMessages)
    .set({
      status: 'sending',
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: sql`now() + ${seconds(leaseMs)}`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/** Only the holder of the lease settles a message (a sender whose lease ran out may not). */
const held = (row: Pick<OutboxRow, 'id' | 'attempts'>) =>
  and(
    eq(outboxMessages.id, row.id),
    eq(outboxMessages.status, 'sending'),
    eq(outboxMessages.attempts, row.attempts),
  );

export async function markSent(executor: Executor, row: OutboxRow): Promise<void> {
  await executor
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(held(row));
}

export async function scheduleRetry(executor: Executor, row: OutboxRow, delayMs: number, error: string) {
  await executor
    .update(outboxMessages)
    .set({ status: 'pending', nextAttemptAt: sql`now() + ${seconds(delayMs)}`, lastError: error })
    .where(held(row));
}

export async function markFailed(executor: Executor, row: OutboxRow, error: string): Promise<void> {
  await executor.update(outboxMessages).set({ status: 'failed', lastError: error }).where(held(row));
}

/** Gives back a claimed message that a stopping process has not tried: it is due again at once. */
export async function release(executor: Executor, row: OutboxRow): Promise<void> {
  await executor
    .update(outboxMessages)
    .set({ status: 'pending', attempts: row.attempts - 1, nextAttemptAt: sql`now()` })
    .where(held(row));
}

/**
 * Removes delivered messages after `sentMs` and given-up ones after `failedMs`, at most `limit` of them
 * (housekeeping repeats it in transactions of their own, db/sweep.ts inBatches); answers how many.
 */
export async function purgeSettled(
  executor: Executor,
  sentMs: number,
  failedMs: number,
  limit: number,
): Promise<number> {
  const settled = executor
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      or(
        and(eq(outboxMessages.status, 'sent'), lte(outboxMessages.sentAt, sql`now() - ${seconds(sentMs)}`)),
        and(
          eq(outboxMessages.status, 'failed'),
          lte(outboxMessages.createdAt, sql`now() - ${seconds(failedMs)}`),
        ),
      ),
    )
    .limit(limit);
  const removed = await executor
    .delete(outboxMessages)
    .where(inArray(outboxMessages.id, settled))
    .returning({ id: outboxMessages.id });
  return removed.length;
}

export interface OutboxBacklog {
  /** Messages by status, pending and sending counted together as queued. */
  queued: number;
  failed: number;
  /** Age of the oldest queued message, in seconds (0 when none waits). */
  oldestQueuedSeconds: number;
}

/** What waits and what was given up, for the metrics. */
export async function readBacklog(database: Database): Promise<OutboxBacklog> {
  const rows = await database.db
    .select({
      status: outboxMessages.status,
      total: count(),
      oldest: min(outboxMessages.createdAt),
    })
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, ['pending', 'sending', 'failed']))
    .groupBy(outboxMessages.status);
  let queued = 0;
  let failed = 0;
  let oldest: Date | undefined;
  for (const row of rows) {
    if (row.status === 'failed') {
      failed += row.total;
      continue;
    }
    queued += row.total;
    const created = row.oldest ? new Date(row.oldest) : undefined;
    if (created && (!oldest || created < oldest)) oldest = created;
  }
  const oldestQueuedSeconds = oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0;
  return { queued, failed, oldestQueuedSeconds };
}
