import type { StorageHealthStatus, StorageTestResult } from '@skyvault/contract';
import type { Database, Tx } from '../../../db/client.js';
import { retryDelay } from '../../../platform/background/poller.js';
import type { SecretBox } from '../../../platform/secrets/secrets.js';
import { openCredentials, type StoredCredentials } from '../storage-credentials.js';
import type { StorageRow } from '../storages.repository.js';
import * as repo from './health.repository.js';
import type { StorageWarnings } from './health-warnings.js';

const HOUR = 3_600_000;
/** Every storage is checked hourly… */
export const STORAGE_CHECK_EVERY_MS = HOUR;
/** …and one that failed sooner, backing off from a minute to the hour. */
export const STORAGE_RETRY = { firstDelayMs: 60_000, maxDelayMs: HOUR };

export type StorageCheckTrigger = 'schedule' | 'manual' | 'save';

/** A storage that can be tested: the kinds that live in a cloud (Local is the platform's own disk). */
export interface ProbeTarget {
  type: 'AwsS3' | 'AzureBlob';
  credentials: StoredCredentials;
}

/** Writes, reads back, lists and deletes a probe object; the storage's failures are its answer, never thrown. */
export interface StorageProbe {
  test(target: ProbeTarget): Promise<StorageTestResult>;
}

export const isCloud = (type: StorageRow['type']): type is ProbeTarget['type'] => type !== 'Local';

/**
 * A storage's checks: `record` keeps what a test found (with its check row, and the warnings a change
 * of health sets off) in the caller's transaction, which is how a save stores the test it ran; `run`
 * tests a stored storage now and records the finding.
 */
export function createStorageCheck(deps: {
  database: Database;
  secrets: SecretBox;
  probe: StorageProbe;
  warnings: StorageWarnings;
  nudgeMail: () => void;
  now: () => number;
}) {
  const { database, secrets, probe, warnings, now } = deps;

  /** Stores a finding on the storage; answers whether mail was queued. */
  async function record(
    tx: Tx,
    storage: StorageRow,
    result: StorageTestResult,
    trigger: StorageCheckTrigger,
  ): Promise<boolean> {
    const at = now();
    const checkedAt = new Date(at);
    const before = (storage.healthStatus ?? null) as StorageHealthStatus | null;
    const after: StorageHealthStatus = result.ok ? 'Healthy' : 'Unhealthy';
    const failures = result.ok ? 0 : storage.checkFailures + 1;
    await repo.insertCheck(tx, {
      tenantId: storage.tenantId,
      storageId: storage.id,
      checkedAt,
      trigger,
      status: after,
      problem: result.problem?.kind ?? null,
      message: result.problem?.message ?? null,
      durationMs: result.durationMs,
    });
    const changed = before !== after;
    await repo.updateHealth(tx, storage.id, {
      healthStatus: after,
      healthProblem: result.problem,
      // A failed test reads nothing of the bucket: what an earlier one read stays.
      ...(result.properties ? { healthProperties: result.properties } : {}),
      checkedAt,
      ...(result.ok ? { lastSuccessAt: checkedAt } : {}),
      ...(changed ? { healthChangedAt: checkedAt } : {}),
      nextCheckAt: new Date(at + (result.ok ? STORAGE_CHECK_EVERY_MS : retryDelay(failures, STORAGE_RETRY))),
      checkLeaseUntil: null,
      checkFailures: failures,
    });
    return changed ? warnings(tx, storage, before, { status: after, problem: result.problem }) : false;
  }

  return {
    record,

    /**
     * Tests a stored storage now and records what it found; false when there is nothing to check (a
     * Local storage, or one deleted meanwhile). The cloud's failures are the finding; only the
     * database's are thrown.
     */
    async run(id: string, trigger: StorageCheckTrigger): Promise<boolean> {
      const storage = await database.system((tx) => repo.findById(tx, id));
      if (!storage || !isCloud(storage.type)) return false;
      const result = await probe.test({ type: storage.type, credentials: openCredentials(secrets, storage) });
      const mailed = await database.system(async (tx) => {
        const locked = await repo.lockForCheck(tx, id);
        if (!locked) return null;
        // The credentials changed while the test ran: its finding is about keys that are gone, and the
        // save that replaced them tested the new ones.
        if (locked.updatedAt.getTime() !== storage.updatedAt.getTime()) {
          await repo.updateHealth(tx, id, { checkLeaseUntil: null });
          return false;
        }
        return record(tx, locked, result, trigger);
      });
      if (mailed) deps.nudgeMail();
      return mailed !== null;
    },
  };
}

export type StorageCheck = ReturnType<typeof createStorageCheck>;
