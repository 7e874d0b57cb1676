import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';

/** The key of a user's second-factor guesses: TOTP codes, recovery codes and passkey answers alike. */
const keyOf = (userId: string) => `totp:user:${userId}`;

/**
 * Guesses at a user's second factor, within the per-user limit (`totpFailuresPerUser`). A try is
 * counted before its guess is checked, by one atomic statement (the upsert `skyvault_hit`, which
 * answers the new count): parallel guesses each get their own number, whichever API process takes
 * them, and only the first `max` of a window are checked at all. A refused try (429) checks nothing, so
 * a right code sent after the limit is refused too. A right answer gives its try back: only failures
 * use the limit up.
 */
export function createFactorTries(limiter: Pick<RateLimiter, 'consume' | 'refund' | 'check'>) {
  return {
    /** Counts one try, then runs `check`; answers whether it accepted the guess. */
    async attempt(userId: string, check: () => Promise<boolean>): Promise<boolean> {
      const key = keyOf(userId);
      await limiter.consume(key, 'totpFailuresPerUser');
      const accepted = await check();
      if (accepted) await limiter.refund(key);
      return accepted;
    },

    /** Refuses (429) while the user has no try left, counting nothing (a sign-in sent without a factor). */
    assertTriesLeft: (userId: string) => limiter.check(keyOf(userId), 'totpFailuresPerUser'),
  };
}

export type FactorTries = ReturnType<typeof createFactorTries>;
