import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.js';

/** The services whose expired rows the jobs remove: app.ts hands its own in. */
interface Services {
  sessions: { purgeExpired: () => Promise<unknown> };
  limiter: { purgeExpired: () => Promise<unknown> };
  tenants: { expireUnverified: () => Promise<string[]> };
  expiryWarnings: { warnDue: () => Promise<number> };
}

import { inBatches, sweepOnce } from './db/sweep.js';
import { deleteExpiredEvents } from './modules/audit/index.js';
import { deleteOldChecks } from './modules/connections/index.js';
import { sweepExpiredModels } from './modules/oauth/index.js';
import { purgeExpiredChallenges } from './modules/passkeys/index.js';
import { deleteOldRollups } from './modules/security-overview/index.js';
import { deleteOldStorageChecks } from './modules/storages/index.js';
import { sendLicenseReminders } from './modules/webhooks/index.js';
import { deleteExpiredStates } from './platform/oauth-states/oauth-states.repository.js';
import { purgeSettled, RETENTION } from './platform/outbox/index.js';
import { purgeSettledDeliveries, WEBHOOK_RETENTION } from './platform/webhook-outbox/index.js';

const MINUTE = 60 * 1000;
/** How often each process looks for a job that is due; each job has its own interval. */
const TICK_MS = 5 * MINUTE;

interface Job {
  name: string;
  everyMs: number;
  run: (deps: { services: Services; database: Database; log: FastifyBaseLogger }) => Promise<unknown>;
}

/** The background jobs: whichever process finds one due first does it, the others skip it. */
const JOBS: Job[] = [
  { name: 'sessions', everyMs: 60 * MINUTE, run: ({ services }) => services.sessions.purgeExpired() },
  { name: 'rate-limits', everyMs: 60 * MINUTE, run: ({ services }) => services.limiter.purgeExpired() },
  {
    name: 'sign-in-rollups',
    everyMs: 60 * MINUTE,
    run: ({ database }) => database.system((tx) => deleteOldRollups(tx)),
  },
  {
    name: 'oauth-states',
    everyMs: 60 * MINUTE,
    run: ({ database }) => database.system((tx) => deleteExpiredStates(tx)),
  },
  {
    name: 'unverified-sign-ups',
    everyMs: 60 * MINUTE,
    run: async ({ services, log }) => {
      const names = await services.tenants.expireUnverified();
      if (names.length > 0) log.info({ tenants: names }, 'unverified sign-ups expired');
    },
  },
  // Delivered and given-up e-mails, once their retention is over.
  {
    name: 'outbox',
    everyMs: 60 * MINUTE,
    run: ({ database }) =>
      inBatches(database, (tx, limit) => purgeSettled(tx, RETENTION.sentMs, RETENTION.failedMs, limit)),
  },
  // Webhook deliveries settled long ago (the delivery log shows the last week, failures a month).
  {
    name: 'webhook-deliveries',
    everyMs: 60 * MINUTE,
    run: ({ database }) =>
      inBatches(database, (tx, limit) =>
        purgeSettledDeliveries(tx, WEBHOOK_RETENTION.deliveredMs, WEBHOOK_RETENTION.failedMs, limit),
      ),
  },
  // WebAuthn challenges nobody answered within their 5 minutes.
  {
    name: 'webauthn-challenges',
    everyMs: 60 * MINUTE,
    run: ({ database }) => purgeExpiredChallenges(database),
  },
  // Expired authorization codes, tokens, grants and interactions of the authorization server.
  { name: 'oauth-models', everyMs: 15 * MINUTE, run: ({ database }) => sweepExpiredModels(database) },
  // Licence reminders (license.expiring 14, 7 and 1 day before the end, license.expired): each once.
  {
    name: 'license-reminders',
    everyMs: 60 * MINUTE,
    run: async ({ database, log }) => {
      const sent = await sendLicenseReminders(database);
      if (sent > 0) log.info({ sent }, 'licence reminders queued for webhooks');
    },
  },
  // Identity providers' secrets and certificates ending in 30, 7 or 1 days: their administrators are
  // e-mailed, once per threshold (modules/identity-providers/expiry-warnings.ts).
  {
    name: 'identity-provider-expiry',
    everyMs: 24 * 60 * MINUTE,
    run: async ({ services, log }) => {
      const warned = await services.expiryWarnings.warnDue();
      if (warned > 0) log.info({ warned }, 'identity provider expiry warnings queued');
    },
  },
  // Audit events past their tenant's retention (audit_retention_days), oldest first.
  {
    name: 'audit-retention',
    everyMs: 60 * MINUTE,
    run: async ({ database, log }) => {
      const deleted = await deleteExpiredEvents(database);
      if (deleted > 0) log.info({ deleted }, 'audit events past their retention deleted');
    },
  },
  // Connection checks past the 30 days the connection page shows.
  {
    name: 'connection-checks',
    everyMs: 60 * MINUTE,
    run: async ({ database, log }) => {
      const deleted = await deleteOldChecks(database);
      if (deleted > 0) log.info({ deleted }, 'connection checks past their retention deleted');
    },
  },
  // Storage checks past the last 30 the storage page shows.
  {
    name: 'storage-checks',
    everyMs: 60 * MINUTE,
    run: async ({ database, log }) => {
      const deleted = await deleteOldStorageChecks(database);
      if (deleted > 0) log.info({ deleted }, 'storage checks past their retention deleted');
    },
  },
];

/**
 * One pass over the jobs; answers which of them this process did. `stopping` is asked between jobs: a
 * shutdown lets the job under way finish (each is one transaction) and skips the rest.
 */
export async function runHousekeeping(
  deps: { services: Services; database: Database; log: FastifyBaseLogger },
  stopping: () => boolean = () => false,
): Promise<Record<string, boolean>> {
  const done: Record<string, boolean> = {};
  for (const job of JOBS) {
    if (stopping()) break;
    try {
      done[job.name] = (await sweepOnce(deps.database, job.name, job.everyMs, () => job.run(deps))).swept;
    } catch (error) {
      done[job.name] = false;
      deps.log.warn({ err: error, job: job.name }, 'housekeeping failed');
    }
  }
  return done;
}

/**
 * Runs the housekeeping on a timer; the returned function stops it and resolves once the pass under
 * way, if any, has reached a safe point (before the database closes under it).
 */
export function startHousekeeping(deps: Parameters<typeof runHousekeeping>[0]): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runHousekeeping(deps, () => stopped).catch(() => {});
  }, TICK_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
