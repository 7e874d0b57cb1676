import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * Removes everything the authorization server keeps for one client: its grants, authorization codes,
 * access and refresh tokens and interactions (every such row carries the client id). Called in the
 * transaction of the change that requires it (disable, regenerate secret, delete — before the app's
 * row is deleted), so a token issued a moment before is unusable the moment the change commits.
 * Requests run as skyvault_app, which cannot touch the server's tables, so this goes through the
 * owner-run function skyvault_revoke_client, which acts only on an app of the transaction's tenant.
 */
export async function revokeClientData(tx: Tx, clientId: string): Promise<number> {
  const result = await tx.execute(sql`SELECT skyvault_revoke_client(${clientId}) AS removed`);
  // PGlite and node-postgres both answer { rows }; drizzle's union type does not say so.
  const { rows } = result as unknown as { rows: { removed: number }[] };
  return Number(rows[0]?.removed ?? 0);
}
