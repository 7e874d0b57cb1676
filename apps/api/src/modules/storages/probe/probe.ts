import { randomUUID } from 'node:crypto';
import {
  STORAGE_PROBE_PREFIX,
  type StorageProblem,
  type StorageProperties,
  type StorageTestResult,
  storageProblemOf,
} from '@skyvault/contract';
import { type Classified, classifyAzureError, classifyS3Error, type ProbeStep } from './classify.js';
import { openStorageSession } from './open-session.js';
import type { StorageSession } from './session.js';
import type { StorageProbeOptions, StorageProbeTarget } from './types.js';

export interface StorageProbe {
  /**
   * Writes a small object under STORAGE_PROBE_PREFIX, reads it back, lists it and deletes it, then
   * reads what the bucket or container reports. Never throws for the storage's failures: they are the
   * result's problem.
   */
  test(target: StorageProbeTarget): Promise<StorageTestResult>;
}

/** The problem in the contract's words, at the form field it belongs to. */
function problemOf(target: StorageProbeTarget, found: Classified): StorageProblem {
  const aws = target.type === 'AwsS3' ? target.credentials : null;
  const azure = target.type === 'AzureBlob' ? target.credentials : null;
  const { field, message } = storageProblemOf(found.kind, {
    type: target.type,
    permission: found.permission ?? null,
    actualRegion: found.actualRegion ?? null,
    region: aws?.region ?? null,
    unknownKeyId: found.unknownKeyId ?? false,
    customEndpoint: !!aws?.endpoint,
    authentication: azure?.authentication ?? 'accountKey',
  });
  return {
    kind: found.kind,
    permission: found.kind === 'AccessDenied' ? (found.permission ?? null) : null,
    actualRegion: found.kind === 'WrongRegion' ? (found.actualRegion ?? null) : null,
    field,
    message,
  };
}

/** A step that answered without an error but not with what was written: the storage did not keep it. */
const notKept = (step: ProbeStep): Classified => ({ kind: 'AccessDenied', permission: step });

async function runSteps(session: StorageSession): Promise<{
  steps: StorageTestResult['steps'];
  failure: Classified | null;
}> {
  const key = `${STORAGE_PROBE_PREFIX}${randomUUID()}.txt`;
  // Unique content, so that a read of a stale or foreign object is not taken for ours.
  const body = `Skyvault storage test ${key} at ${new Date().toISOString()}\n`;
  const steps: StorageTestResult['steps'] = [];
  const attempts: [ProbeStep, () => Promise<Classified | null>][] = [
    [
      'write',
      async () => {
        await session.write(key, body);
        return null;
      },
    ],
    ['read', async () => ((await session.read(key)) === body ? null : notKept('read'))],
    ['list', async () => ((await session.list(key)).includes(key) ? null : notKept('list'))],
    [
      'delete',
      async () => {
        await session.remove(key);
        return null;
      },
    ],
  ];
  for (const [step, attempt] of attempts) {
    let failure: Classified | null;
    try {
      failure = await attempt();
    } catch (error) {
      // A later step's refusal comes from credentials that already wrote: they are good.
      failure = session.classify(error, step, steps.length > 0);
    }
    steps.push({ step, ok: failure === null });
    if (failure) {
      // Do not leave the object behind when only reading or listing failed.
      if (step === 'read' || step === 'list') await session.remove(key).catch(() => undefined);
      return { steps, failure };
    }
  }
  await session.cleanUp(key);
  return { steps, failure: null };
}

export function createStorageProbe(options: StorageProbeOptions): StorageProbe {
  return {
    async test(target) {
      const started = performance.now();
      const finish = (
        steps: StorageTestResult['steps'],
        failure: Classified | null,
        properties: StorageProperties | null,
      ): StorageTestResult => ({
        ok: failure === null,
        problem: failure ? problemOf(target, failure) : null,
        steps,
        properties,
        durationMs: Math.round(performance.now() - started),
      });
      let session: StorageSession;
      try {
        session = await openStorageSession(target, options);
      } catch (error) {
        // The address was refused, or the name cannot be an account: nothing was sent.
        const failure =
          target.type === 'AwsS3'
            ? classifyS3Error(error, 'write')
            : classifyAzureError(error, 'write', { credentialsProven: false });
        return finish([{ step: 'write', ok: false }], failure, null);
      }
      try {
        const { steps, failure } = await runSteps(session);
        return finish(steps, failure, failure ? null : await session.properties());
      } finally {
        session.close();
      }
    },
  };
}
