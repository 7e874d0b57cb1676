import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { checkClaimed } from '../../../platform/background/claimed-checks.js';
import { createPoller } from '../../../platform/background/poller.js';
import * as repo from './health.repository.js';
import type { StorageCheck } from './storage-check.js';

/** Longer than a check takes (four calls and three reads, each of at most STORAGE_TIMEOUT_MS). */
const CLAIM_MS = 5 * 60_000;
/** Storages claimed at a time, and checked at once of those. */
const BATCH = 10;
const PARALLEL = 3;

/**
 * The hourly checks of every tenant's storages and the shared ones. Every process polls; each pass
 * claims due storages with a lease (SKIP LOCKED across processes), so that each check runs in exactly
 * one of them, and loops until none is due.
 */
export function createStorageScheduler(deps: {
  database: Database;
  check: StorageCheck;
  pollMs: number;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const { database, check, log, now } = deps;
  let stopping = () => false;

  /** Checks every storage due now; answers how many were claimed. */
  const runDue = () =>
    checkClaimed({
      claim: () => {
        const at = now();
        return database.system((tx) => repo.claimDue(tx, new Date(at), new Date(at + CLAIM_MS), BATCH));
      },
      check: ({ id }) => check.run(id, 'schedule'),
      parallel: PARALLEL,
      stopping: () => stopping(),
      log,
      failure: ({ id }) => [{ storageId: id }, 'storage check failed'],
    });

  const poller = createPoller({ pollMs: deps.pollMs, pass: runDue, log, failure: 'storage checks failed' });
  stopping = poller.isStopped;
  return { runDue, start: poller.start };
}
