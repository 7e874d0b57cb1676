import type { Database } from '../db/client.js';
import { HEALTH_CENSUS_KEYS, readHealthCensus } from '../modules/connections/index.js';
import { readBacklog } from '../platform/outbox/index.js';
import { readWebhookBacklog } from '../platform/webhook-outbox/index.js';
import { createSample, type Sample, type SampleSchedule } from './metrics-samples.js';

/** A queue as the database holds it (every process sees the same one). */
export interface Backlog {
  queued: number;
  oldestQueuedSeconds: number;
  failed: number;
}

/** What the metrics read from the database; tests put slow or failing ones in their place. */
export interface DatabaseReaders {
  outbox(database: Database): Promise<Backlog>;
  webhooks(database: Database): Promise<Backlog>;
  salesforceConnections(database: Database): Promise<Record<string, number>>;
}

export const DATABASE_READERS: DatabaseReaders = {
  outbox: readBacklog,
  webhooks: readWebhookBacklog,
  salesforceConnections: readHealthCensus,
};

export interface SamplingOptions {
  readers?: DatabaseReaders;
  schedule?: SampleSchedule;
}

export type SampleSource = 'outbox' | 'webhooks' | 'salesforce_connections';

const EMPTY: Backlog = { queued: 0, oldestQueuedSeconds: 0, failed: 0 };

/**
 * The samples of the database's series, by source (the label of their age), and the backlogs as a
 * scrape sees them: the oldest waiting item has aged since it was read, as long as something waits.
 */
export function databaseSamples(database: Database, readers: DatabaseReaders, schedule: SampleSchedule) {
  const samples: Record<SampleSource, Sample<unknown>> = {
    outbox: createSample(() => readers.outbox(database), EMPTY, schedule),
    webhooks: createSample(() => readers.webhooks(database), EMPTY, schedule),
    salesforce_connections: createSample(
      () => readers.salesforceConnections(database),
      Object.fromEntries(HEALTH_CENSUS_KEYS.map((key) => [key, 0])) as Record<string, number>,
      schedule,
    ),
  };
  const backlogOf = (sample: Sample<unknown>): Backlog => {
    const read = sample.values as Backlog;
    return read.queued > 0
      ? { ...read, oldestQueuedSeconds: read.oldestQueuedSeconds + sample.ageSeconds() }
      : read;
  };
  return {
    samples,
    backlog: (source: 'outbox' | 'webhooks') => backlogOf(samples[source]),
    census: () => samples.salesforce_connections.values as Record<string, number>,
  };
}
