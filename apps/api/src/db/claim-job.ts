import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/**
 * Whether this transaction may do the background work named `job` now: every API process runs the
 * housekeeping timer, and a transaction-scoped advisory lock lets exactly one of them do a piece of
 * it at a time (the others skip it; the lock ends with the transaction).
 */
export async function claimJob(tx: Tx, job: string): Promise<boolean> {
  const [row] = await tx
    .select({ claimed: sql<boolean>`pg_try_advisory_xact_lock(hashtext(${job}))` })
    .from(sql`(values (1)) as once`);
  return row?.claimed === true;
}
