import { UNHEALTHY_STATUSES } from '@skyvault/contract';
import { type SQL, sql } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import type { ConnectionUpdate } from './connections.repository.js';

/** The column's value, or null where the row's status is one that warns. */
const unlessUnhealthy = (column: typeof connections.healthStatus | typeof connections.healthReason): SQL =>
  sql`case when ${connections.healthStatus} in (${sql.join(
    UNHEALTHY_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}) then null else ${column} end`;

/**
 * What every completed login resets besides the tokens: a new grant, so the token's clock restarts;
 * what the renewal and the checks knew of the old grant is void (the access token's expiry unknown,
 * which means renewed before use); and the connection is checked at once. A warning about the old
 * grant is cleared for that check to decide again; Degraded (Salesforce failing) is not the grant's
 * fault and stays. Written as expressions of the row as it is when the login commits: a check or a
 * renewal may have changed it while the user was at Salesforce.
 */
export const loginBookkeeping = (at: Date): ConnectionUpdate => ({
  tokenUsedAt: at,
  // A renewal racing this login finds its version gone and stores nothing.
  tokenVersion: sql`${connections.tokenVersion} + 1`,
  accessTokenExpiresAt: null,
  renewalLeaseUntil: null,
  nextCheckAt: at,
  checkFailures: 0,
  observedOrgId: null,
  healthStatus: unlessUnhealthy(connections.healthStatus),
  healthReason: unlessUnhealthy(connections.healthReason),
});
