import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { oneTimeTokens } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hashToken } from '../../lib/token-hash.js';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export interface TokenOwner {
  tenantId: string;
  userId: string;
}

/** Purposes that stand in for one another: a new password link voids every earlier one, mailed or not. */
const REPLACES: Record<TokenPurpose, TokenPurpose[]> = {
  'verify-email': ['verify-email'],
  'reset-password': ['reset-password', 'forced-reset'],
  'forced-reset': ['reset-password', 'forced-reset'],
  'prove-email': ['prove-email'],
  // Each unusual sign-in's link ends its own session: a later sign-in's mail leaves the earlier link working.
  'end-session': [],
};

/**
 * Single-use e-mailed links (sign-up verification, password reset): 256 random bits in the link, only
 * the hash in the database, an expiry, and used at most once. Issuing a new one voids the older ones
 * of the same purpose, so only the latest e-mail works.
 */
export function createOneTimeTokens(database: Database) {
  async function find(purposes: TokenPurpose[], token: string) {
    if (!token || token.length > 256) return null;
    const [row] = await database.system((tx) =>
      tx
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), inArray(oneTimeTokens.purpose, purposes)))
        .limit(1),
    );
    return row ?? null;
  }

  /** Marks the owner's unused tokens of these purposes used, so that they stop working. */
  const voidTokens = async (tx: Tx, owner: TokenOwner, purposes: TokenPurpose[]) => {
    if (purposes.length === 0) return;
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeTokens.tenantId, owner.tenantId),
          eq(oneTimeTokens.userId, owner.userId),
          inArray(oneTimeTokens.purpose, purposes),
          isNull(oneTimeTokens.usedAt),
        ),
      );
  };

  return {
    /** `sessionId`: the session an end-session link ends. */
    async issue(
      tx: Tx,
      owner: TokenOwner,
      purpose: TokenPurpose,
      ttlSeconds: number,
      sessionId?: string,
    ): Promise<string> {
      await voidTokens(tx, owner, REPLACES[purpose]);
      const token = randomBytes(32).toString('base64url');
      await tx.insert(oneTimeTokens).values({
        tenantId: owner.tenantId,
        userId: owner.userId,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + ttlSeconds * 1000),
        sessionId: sessionId ?? null,
      });
      return token;
    },

    /**
     * A token whatever its state (null: no such token), with whether it can still be used and, when it
     * cannot, why: `replaced` when a newer one was issued to its owner since (the newer e-mail's link
     * replaced it), `used` when it was used or voided otherwise, `expired`. For pages that answer an
     * unusable link by the state of what it was for (the sign-up verification).
     */
    async inspect(purpose: TokenPurpose, token: string) {
      const row = await find([purpose], token);
      if (!row) return null;
      const owner = { tenantId: row.tenantId, userId: row.userId, id: row.id, purpose: row.purpose };
      if (!row.usedAt) {
        return { ...owner, state: row.expiresAt.getTime() <= Date.now() ? 'expired' : 'usable' } as const;
      }
      const [newer] = await database.system((tx) =>
        tx
          .select({ id: oneTimeTokens.id })
          .from(oneTimeTokens)
          .where(
            and(
              eq(oneTimeTokens.tenantId, row.tenantId),
              eq(oneTimeTokens.userId, row.userId),
              inArray(oneTimeTokens.purpose, REPLACES[purpose]),
              gt(oneTimeTokens.createdAt, row.createdAt),
            ),
          )
          .limit(1),
      );
      return { ...owner, state: newer ? 'replaced' : 'used' } as const;
    },

    /**
     * The owner of a token that is still usable; otherwise INVALID_CODE with a message that says
     * whether the link expired or was used, so the page can offer a new one.
     */
    async peek(
      purpose: TokenPurpose | TokenPurpose[],
      token: string,
      messages: { expired: string; used: string; invalid: string },
    ) {
      const row = await find(Array.isArray(purpose) ? purpose : [purpose], token);
      if (!row) throw new AppError('INVALID_CODE', messages.invalid);
      if (row.usedAt) throw new AppError('INVALID_CODE', messages.used);
      if (row.expiresAt.getTime() <= Date.now()) throw new AppError('INVALID_CODE', messages.expired);
      return {
        tenantId: row.tenantId,
        userId: row.userId,
        id: row.id,
        purpose: row.purpose,
        sessionId: row.sessionId,
      };
    },

    /**
     * Voids every link the user still holds: they were mailed to an address the user no longer has,
     * so using one must neither set a password nor prove the new address.
     */
    voidAll: (tx: Tx, owner: TokenOwner) =>
      voidTokens(tx, owner, ['verify-email', 'reset-password', 'forced-reset', 'prove-email']),

    /** Marks the token used in the caller's transaction; false when another request used it first. */
    async consume(tx: Tx, owner: TokenOwner & { id: string }): Promise<boolean> {
      const used = await tx
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.tenantId, owner.tenantId),
            eq(oneTimeTokens.id, owner.id),
            isNull(oneTimeTokens.usedAt),
          ),
        )
        .returning({ id: oneTimeTokens.id });
      return used.length === 1;
    },
  };
}

export type OneTimeTokens = ReturnType<typeof createOneTimeTokens>;
