import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { createPoller } from '../../../platform/background/poller.js';
import * as repo from './health.repository.js';
import type { HealthCheck } from './health-check.js';

/** Longer than a check takes (a few calls of at most 10 s each): a crashed process's claims run out. */
const CLAIM_MS = 2 * 60_000;
/** Connections claimed at a time, and checked at once of those. */
const BATCH = 10;
const PARALLEL = 3;

/**
 * The hourly checks. Every process polls; each pass claims due connections with a lease (SKIP LOCKED
 * across processes), so that each check runs in exactly one of them, and loops until none is due.
 */
export function createHealthScheduler(deps: {
  database: Database;
  check: HealthCheck;
  /** Whether Salesforce is configured; without it nothing is claimed. */
  configured: boolean;
  pollMs: number;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const { database, check, log, now } = deps;
  let stopping = () => false;

  async function runBatch(claimed: { tenantId: string; id: string; afterLogin: boolean }[]) {
    const queue = [...claimed];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          await check.run(next.tenantId, next.id, next.afterLogin ? 'login' : 'schedule');
        } catch (error) {
          // One connection's failure stays its own; its lease runs out and it is tried again.
          log.warn({ err: error, connectionId: next.id }, 'connection check failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  }

  /** Checks every connection due now; answers how many were claimed. */
  async function runDue(): Promise<number> {
    let total = 0;
    while (deps.configured && !stopping()) {
      const at = now();
      const claimed = await database.system((tx) =>
        repo.claimDue(tx, new Date(at), new Date(at + CLAIM_MS), BATCH),
      );
      if (claimed.length === 0) break;
      total += claimed.length;
      await runBatch(claimed);
    }
    return total;
  }

  const poller = createPoller({
    pollMs: deps.pollMs,
    pass: runDue,
    log,
    failure: 'connection checks failed',
  });
  stopping = poller.isStopped;

  return { runDue, nudge: poller.nudge, start: poller.start };
}
