import type { Brand } from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import type { MailOutbox } from '../../../platform/outbox/index.js';
import type { SecretBox } from '../../../platform/secrets/secrets.js';
import { createStorageScheduler } from './health-scheduler.js';
import { createStorageWarnings } from './health-warnings.js';
import { createStorageCheck, type StorageProbe } from './storage-check.js';

/**
 * Storage health: the checks (run on save, hourly, and on demand) and the warnings a change of health
 * sets off. `start` in every process; `runDue` for one pass.
 */
export function createStorageHealth(deps: {
  database: Database;
  secrets: SecretBox;
  probe: StorageProbe;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  pollMs: number;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const { database, secrets, probe, outbox, log, now } = deps;
  const warnings = createStorageWarnings({ outbox, brand: deps.brand, publicUrl: deps.publicUrl, log });
  const check = createStorageCheck({ database, secrets, probe, warnings, nudgeMail: outbox.nudge, now });
  const scheduler = createStorageScheduler({ database, check, pollMs: deps.pollMs, log, now });
  return { check, runDue: scheduler.runDue, start: scheduler.start };
}

export type StorageHealthService = ReturnType<typeof createStorageHealth>;
export { deleteOldStorageChecks } from './retention.js';
export type { ProbeTarget, StorageProbe } from './storage-check.js';
