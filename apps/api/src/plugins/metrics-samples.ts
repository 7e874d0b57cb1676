/**
 * Series read from the database (the outbox's queue, webhook deliveries, Salesforce connections by
 * health) are read in the background, on a schedule, and a scrape serves the last values read: a scrape
 * never waits on a slow or unreachable database, and many scrapers (or many processes scraped at once)
 * cost the database one read per schedule each, not one per scrape. Each sample says its age.
 */

export interface SampleSchedule {
  /** Milliseconds between two reads. */
  everyMs: number;
  /** Milliseconds a read may take; a slower one is given up (its values stay those of the last read). */
  timeoutMs: number;
}

export const DEFAULT_SAMPLE_SCHEDULE: SampleSchedule = { everyMs: 15_000, timeoutMs: 5_000 };

export interface Sample<T> {
  /** The last values read (the initial ones until a read succeeds). */
  readonly values: T;
  /** When they were read (ms since epoch); until a first read succeeds, when sampling began. */
  readonly readAt: number;
  /** Seconds since `readAt`. */
  ageSeconds(): number;
  /** One read now, unless one is under way; resolves with its values or at its time-out, never rejects. */
  refresh(): Promise<void>;
}

export function createSample<T>(
  read: () => Promise<T>,
  initial: T,
  options: { timeoutMs: number; now?: () => number },
): Sample<T> {
  const now = options.now ?? Date.now;
  let values = initial;
  let readAt = now();
  // A read that outlived its time-out may still be running: no second one beside it until it ends.
  let reading = false;
  const refresh = async () => {
    if (reading) return;
    reading = true;
    const read$ = Promise.resolve().then(read);
    void read$
      .catch(() => {})
      .finally(() => {
        reading = false;
      });
    let timer: NodeJS.Timeout | undefined;
    try {
      values = await Promise.race([
        read$,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), options.timeoutMs);
        }),
      ]);
      readAt = now();
    } catch {
      // The last values stay, and their age says how old they are.
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    get values() {
      return values;
    },
    get readAt() {
      return readAt;
    },
    ageSeconds: () => Math.max(0, (now() - readAt) / 1000),
    refresh,
  };
}

/** Reads every sample now and then every `everyMs`; returns the stop. Timers do not keep the process up. */
export function sampleOnSchedule(samples: Sample<unknown>[], schedule: SampleSchedule): () => void {
  const readAll = () => {
    for (const sample of samples) void sample.refresh();
  };
  readAll();
  const timer = setInterval(readAll, schedule.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
