import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/** PGlite and node-postgres both answer { rows }; drizzle's union type does not say so. */
const removedBy = (result: unknown) =>
  Number((result as { rows: { removed: number }[] }).rows[0]?.removed ?? 0);

/**
 * Removes everything the authorization server keeps for one client: its grants, authorization codes,
 * access and refresh tokens and interactions (every such row carries the client id). Called in the
 * transaction of the change that requires it (disable, regenerate secret, delete — before the app's
 * row is deleted), so a token issued a moment before is unusable the moment the change commits.
 * Requests run as skyvault_app, which cannot touch the server's tables, so this goes through the
 * owner-run function skyvault_revoke_client, which acts only on an app of the transaction's tenant.
 */
export async function revokeClientData(tx: Tx, clientId: string): Promise<number> {
  return removedBy(await tx.execute(sql`SELECT skyvault_revoke_client(${clientId}) AS removed`));
}

/**
 * Removes everything the authorization server keeps for one user of the transaction's tenant, in
 * every app: grants, authorization codes, access and refresh tokens, its sessions and interactions.
 * Called in the transaction that disables, deletes or resets the user, so that no app keeps acting
 * for them (introspection answers active: false, refresh fails) once the change commits. Goes through
 * the owner-run function skyvault_revoke_account (migration 0010), which names the tenant itself.
 */
export async function revokeAccountData(tx: Tx, userId: string): Promise<number> {
  return removedBy(await tx.execute(sql`SELECT skyvault_revoke_account(${userId}::uuid) AS removed`));
}
