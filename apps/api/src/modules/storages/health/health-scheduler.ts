import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { createClaimedScheduler } from '../../../platform/background/claimed-checks.js';
import { serverBusy } from '../../../platform/background/server-load.js';
import * as repo from './health.repository.js';
import type { StorageCheck } from './storage-check.js';

/**
 * The hourly checks of every tenant's storages and the shared ones, each in exactly one process. A
 * claim lasts longer than a check takes (four calls and three reads, each of at most STORAGE_TIMEOUT_MS).
 */
export function createStorageScheduler(deps: {
  database: Database;
  check: StorageCheck;
  pollMs: number;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  return createClaimedScheduler({
    ...deps,
    claimDue: repo.claimDue,
    check: ({ id }) => deps.check.run(id, 'schedule'),
    claimMs: 5 * 60_000,
    batch: 10,
    parallel: 3,
    failure: ({ id }) => [{ storageId: id }, 'storage check failed'],
    // An hourly backlog can wait: while requests keep the process busy it goes on one at a time.
    yieldWhile: serverBusy,
    passFailure: 'storage checks failed',
  });
}
