import type { StorageProperties } from '@skyvault/contract';
import type { Classified, ProbeStep } from './classify.js';

/**
 * One test's conversation with a bucket or container, as the step runner (probe.ts) drives it. Each
 * call throws the SDK's own error; `classify` turns it into a problem.
 */
export interface StorageSession {
  write(key: string, body: string): Promise<void>;
  read(key: string): Promise<string>;
  /** The names under `prefix` (the first page is enough: the prefix is the probe object's own name). */
  list(prefix: string): Promise<string[]>;
  remove(key: string): Promise<void>;
  /** Best effort, never throws: the versions a delete leaves behind in a versioned bucket. */
  cleanUp(key: string): Promise<void>;
  /** Never throws: a setting the credentials may not read is Unknown. */
  properties(): Promise<StorageProperties>;
  classify(error: unknown, step: ProbeStep, credentialsProven: boolean): Classified;
  /** Closes the connections (each test has its own). */
  close(): void;
}

/** The signal of one call to the storage: every call ends in time, whatever the socket does. */
export const deadline = (timeoutMs: number) => AbortSignal.timeout(timeoutMs);
