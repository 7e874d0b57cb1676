import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import { createPoller } from './poller.js';

/** How long a worker that yields waits before asking again whether the process is still busy. */
const YIELD_MS = 250;

/**
 * One pass of a scheduler that checks things due across tenants (connections, storages): claims a
 * batch with a lease (the caller's SKIP LOCKED query, so that concurrent passes in other processes take
 * other rows), checks it a few at a time, and claims again until nothing is due or the process stops.
 * One item's failure stays its own: it is logged, and its lease runs out so that it is tried again.
 * Answers how many were claimed.
 */
export async function checkClaimed<T>(options: {
  claim: () => Promise<T[]>;
  check: (item: T) => Promise<unknown>;
  parallel: number;
  stopping: () => boolean;
  log: FastifyBaseLogger;
  /** The log line of one failed check, with what names the item. */
  failure: (item: T) => [Record<string, unknown>, string];
  /**
   * Whether the process is busy answering requests (server-load.ts): while it is, the checks go on
   * one at a time rather than `parallel` at a time.
   */
  yieldWhile?: () => boolean;
}): Promise<number> {
  const { claim, check, parallel, stopping, log, yieldWhile = () => false } = options;
  let total = 0;
  while (!stopping()) {
    const claimed = await claim();
    if (claimed.length === 0) break;
    total += claimed.length;
    const queue = [...claimed];
    const worker = async (index: number) => {
      for (;;) {
        // The first worker never waits, so that a busy process still gets through its backlog.
        while (index > 0 && queue.length > 0 && yieldWhile() && !stopping()) await sleep(YIELD_MS);
        const next = queue.shift();
        if (next === undefined) return;
        try {
          await check(next);
        } catch (error) {
          const [fields, message] = options.failure(next);
          log.warn({ err: error, ...fields }, message);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, (_, index) => worker(index)));
  }
  return total;
}

/**
 * A scheduler of checks due across tenants: every process polls, and each pass claims due items with
 * a lease of `claimMs` (longer than a check takes, so that a crashed process's claims run out) and
 * checks them through `checkClaimed`, so that each check runs in exactly one process.
 */
export function createClaimedScheduler<T>(options: {
  database: Database;
  /** The SKIP LOCKED claim: at most `batch` items due at `at`, leased until `until`. */
  claimDue: (tx: Tx, at: Date, until: Date, batch: number) => Promise<T[]>;
  check: (item: T) => Promise<unknown>;
  claimMs: number;
  batch: number;
  parallel: number;
  pollMs: number;
  log: FastifyBaseLogger;
  now: () => number;
  /** Whether anything may be claimed (a check that needs configuration the operator left out). */
  enabled?: boolean;
  failure: (item: T) => [Record<string, unknown>, string];
  /** The log line of a pass that failed as a whole. */
  passFailure: string;
  /** Whether to go on one at a time while the process is busy (checkClaimed). */
  yieldWhile?: () => boolean;
}) {
  const { database, log, now } = options;
  let stopping = () => false;

  /** Checks everything due now; answers how many were claimed. */
  const runDue = () =>
    checkClaimed({
      claim: () => {
        if (options.enabled === false) return Promise.resolve([]);
        const at = now();
        return database.system((tx) =>
          options.claimDue(tx, new Date(at), new Date(at + options.claimMs), options.batch),
        );
      },
      check: options.check,
      parallel: options.parallel,
      stopping: () => stopping(),
      log,
      failure: options.failure,
      yieldWhile: options.yieldWhile,
    });

  const poller = createPoller({ pollMs: options.pollMs, pass: runDue, log, failure: options.passFailure });
  stopping = poller.isStopped;
  return { runDue, nudge: poller.nudge, start: poller.start };
}
