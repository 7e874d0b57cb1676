import { CONNECTION_HEALTH_STATUSES, type ConnectionHealthStatus } from '@skyvault/contract';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { connections } from '../../../db/schema/index.js';

/** A status, or `unchecked` for a connected connection no check has reached yet. */
export type HealthCensusKey = ConnectionHealthStatus | 'unchecked';
export const HEALTH_CENSUS_KEYS: HealthCensusKey[] = [...CONNECTION_HEALTH_STATUSES, 'unchecked'];

/**
 * Connected connections of every tenant by health, for the metrics scrape (owner connection: an
 * operator's view, counts only). One grouped query.
 */
export async function readHealthCensus(database: Database): Promise<Record<HealthCensusKey, number>> {
  const rows = await database.db
    .select({ status: connections.healthStatus, total: count() })
    .from(connections)
    .where(eq(connections.status, 'connected'))
    .groupBy(connections.healthStatus);
  const census = Object.fromEntries(HEALTH_CENSUS_KEYS.map((key) => [key, 0])) as Record<
    HealthCensusKey,
    number
  >;
  for (const row of rows) {
    const key = (row.status ?? 'unchecked') as HealthCensusKey;
    if (key in census) census[key] += row.total;
  }
  return census;
}
