import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { createClaimedScheduler } from '../../../platform/background/claimed-checks.js';
import { serverBusy } from '../../../platform/background/server-load.js';
import * as repo from './health.repository.js';
import type { HealthCheck } from './health-check.js';

/**
 * The hourly checks of Salesforce connections, each in exactly one process. A claim lasts longer than
 * a check takes (a few calls of at most 10 s each).
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
  return createClaimedScheduler({
    ...deps,
    enabled: deps.configured,
    claimDue: repo.claimDue,
    check: (next) => deps.check.run(next.tenantId, next.id, next.afterLogin ? 'login' : 'schedule'),
    claimMs: 2 * 60_000,
    batch: 10,
    parallel: 3,
    failure: (next) => [{ connectionId: next.id }, 'connection check failed'],
    // An hourly backlog can wait: while requests keep the process busy it goes on one at a time.
    yieldWhile: serverBusy,
    passFailure: 'connection checks failed',
  });
}
