import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { checkClaimed } from '../../../platform/background/claimed-checks.js';
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

  /** Checks every connection due now; answers how many were claimed. */
  const runDue = () =>
    checkClaimed({
      claim: () => {
        if (!deps.configured) return Promise.resolve([]);
        const at = now();
        return database.system((tx) => repo.claimDue(tx, new Date(at), new Date(at + CLAIM_MS), BATCH));
      },
      check: (next) => check.run(next.tenantId, next.id, next.afterLogin ? 'login' : 'schedule'),
      parallel: PARALLEL,
      stopping: () => stopping(),
      log,
      failure: (next) => [{ connectionId: next.id }, 'connection check failed'],
    });

  const poller = createPoller({
    pollMs: deps.pollMs,
    pass: runDue,
    log,
    failure: 'connection checks failed',
  });
  stopping = poller.isStopped;

  return { runDue, nudge: poller.nudge, start: poller.start };
}
