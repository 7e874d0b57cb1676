import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { connections } from '../../../db/schema/index.js';

/** What renewing a connection's tokens reads: the grant, its version and who holds the renewal. */
export async function readGrant(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select({
      tenantId: connections.tenantId,
      id: connections.id,
      status: connections.status,
      organizationType: connections.organizationType,
      instanceUrl: connections.instanceUrl,
      accessToken: connections.accessToken,
      refreshToken: connections.refreshToken,
      accessTokenExpiresAt: connections.accessTokenExpiresAt,
      tokenUsedAt: connections.tokenUsedAt,
      connectedAt: connections.connectedAt,
      tokenVersion: connections.tokenVersion,
      renewalLeaseUntil: connections.renewalLeaseUntil,
    })
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)))
    .limit(1);
  return row ?? null;
}
export type Grant = NonNullable<Awaited<ReturnType<typeof readGrant>>>;

/**
 * Takes the renewal lease if nobody holds it and the tokens are still those of `version`: exactly
 * one process gets it, the others wait for what it stores.
 */
export async function takeLease(
  tenantId: string,
  db: Executor,
  id: string,
  version: number,
  at: Date,
  until: Date,
): Promise<boolean> {
  const rows = await db
    .update(connections)
    .set({ renewalLeaseUntil: until })
    .where(
      and(
        eq(connections.tenantId, tenantId),
        eq(connections.id, id),
        eq(connections.tokenVersion, version),
        or(isNull(connections.renewalLeaseUntil), lt(connections.renewalLeaseUntil, at)),
      ),
    )
    .returning({ id: connections.id });
  return rows.length === 1;
}

/**
 * Stores renewed tokens as the lease holder, bumping the version; false when the row moved on
 * meanwhile (deleted, or a login replaced the tokens and cleared the lease).
 */
export async function storeRenewal(
  tenantId: string,
  db: Executor,
  id: string,
  held: { version: number; leaseUntil: Date },
  values: {
    accessToken: string;
    refreshToken: string;
    accessTokenExpiresAt: Date;
    tokenUsedAt: Date;
    instanceUrl: string;
  },
): Promise<boolean> {
  const rows = await db
    .update(connections)
    .set({ ...values, tokenVersion: held.version + 1, renewalLeaseUntil: null })
    .where(
      and(
        eq(connections.tenantId, tenantId),
        eq(connections.id, id),
        eq(connections.tokenVersion, held.version),
        eq(connections.renewalLeaseUntil, held.leaseUntil),
      ),
    )
    .returning({ id: connections.id });
  return rows.length === 1;
}

/** Gives the lease back after a failed renewal, so that the next attempt need not wait for it to run out. */
export async function releaseLease(tenantId: string, db: Executor, id: string, leaseUntil: Date) {
  await db
    .update(connections)
    .set({ renewalLeaseUntil: null })
    .where(
      and(
        eq(connections.tenantId, tenantId),
        eq(connections.id, id),
        eq(connections.renewalLeaseUntil, leaseUntil),
      ),
    );
}

/** The introspected expiry of the token of `version`, once known (a later token is left alone). */
export async function storeExpiry(
  tenantId: string,
  db: Executor,
  id: string,
  version: number,
  expiresAt: Date,
) {
  await db
    .update(connections)
    .set({ accessTokenExpiresAt: expiresAt })
    .where(
      and(eq(connections.tenantId, tenantId), eq(connections.id, id), eq(connections.tokenVersion, version)),
    );
}
