import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { oneTimeTokens } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hashToken } from '../sessions/sessions.service.js';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export interface TokenOwner {
  tenantId: string;
  userId: string;
}

/**
 * Single-use e-mailed links (sign-up verification, password reset): 256 random bits in the link, only
 * the hash in the database, an expiry, and used at most once. Issuing a new one voids the older ones
 * of the same purpose, so only the latest e-mail works.
 */
export function createOneTimeTokens(database: Database) {
  async function find(purpose: TokenPurpose, token: string) {
    if (!token || token.length > 256) return null;
    const [row] = await database.system((tx) =>
      tx
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose)))
        .limit(1),
    );
    return row ?? null;
  }

  return {
    async issue(tx: Tx, owner: TokenOwner, purpose: TokenPurpose, ttlSeconds: number): Promise<string> {
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.tenantId, owner.tenantId),
            eq(oneTimeTokens.userId, owner.userId),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
          ),
        );
      const token = randomBytes(32).toString('base64url');
      await tx.insert(oneTimeTokens).values({
        tenantId: owner.tenantId,
        userId: owner.userId,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      });
      return token;
    },

    /**
     * The owner of a token that is still usable; otherwise INVALID_CODE with a message that says
     * whether the link expired or was used, so the page can offer a new one.
     */
    async peek(
      purpose: TokenPurpose,
      token: string,
      messages: { expired: string; used: string; invalid: string },
    ) {
      const row = await find(purpose, token);
      if (!row) throw new AppError('INVALID_CODE', messages.invalid);
      if (row.usedAt) throw new AppError('INVALID_CODE', messages.used);
      if (row.expiresAt.getTime() <= Date.now()) throw new AppError('INVALID_CODE', messages.expired);
      return { tenantId: row.tenantId, userId: row.userId, id: row.id };
    },

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
