import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client.js';

export type SweepOutcome<T> = { swept: true; result: T } | { swept: false };

/**
 * Whether this process may do the background job now: no other process is doing it (a try-lock
 * per job, never waiting) and no process has done it within `everyMs` (housekeeping_runs). Every
 * process runs the timers; the first one due does the work, the others skip it.
 */
async function claim(tx: Tx, job: string, everyMs: number): Promise<boolean> {
  const [lock] = await tx
    .select({ held: sql<boolean>`pg_try_advisory_xact_lock(hashtext(${`sweep:${job}`}))` })
    .from(sql`(values (1)) as once`);
  if (lock?.held !== true) return false;
  const due = await tx.execute(
    sql`insert into housekeeping_runs (job, ran_at) values (${job}, now())
        on conflict (job) do update set ran_at = now()
        where housekeeping_runs.ran_at <= now() - make_interval(secs => ${everyMs / 1000})
        returning job`,
  );
  // PGlite and node-postgres both answer { rows }.
  return (due as unknown as { rows: unknown[] }).rows.length === 1;
}

/**
 * Runs `work` if this process claims the job (see claim). On PostgreSQL the claiming transaction
 * stays open, and so the lock held, until the work is done; a failed work leaves the job due. PGlite
 * is one process with one connection: the claim only records the run (the work's own transactions
 * would wait behind an open one).
 */
export async function sweepOnce<T>(
  database: Database,
  job: string,
  everyMs: number,
  work: () => Promise<T>,
): Promise<SweepOutcome<T>> {
  if (database.kind === 'pglite') {
    if (!(await database.system((tx) => claim(tx, job, everyMs)))) return { swept: false };
    return { swept: true, result: await work() };
  }
  return database.system(async (tx): Promise<SweepOutcome<T>> => {
    if (!(await claim(tx, job, everyMs))) return { swept: false };
    return { swept: true, result: await work() };
  });
}

/** Rows a purge deletes per transaction (see inBatches). */
export const PURGE_BATCH = 5_000;

/**
 * Runs `purge` (which deletes at most `limit` rows and answers how many) in transactions of its own
 * until one deletes fewer than `limit`; answers the total. A backlog of millions (a platform's first
 * purge, or one after a long stop) is then many short statements, never one that runs into the
 * statement timeout, fails whole, leaves the job due and is tried again, whole, at the next tick; and
 * each transaction holds its row locks for a moment only.
 */
export async function inBatches(
  database: Database,
  purge: (tx: Tx, limit: number) => Promise<number>,
  limit = PURGE_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await database.system((tx) => purge(tx, limit));
    total += removed;
    if (removed < limit) return total;
  }
}
