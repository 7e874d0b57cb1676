import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export interface Limit {
  /** The most hits allowed in one window. */
  max: number;
  windowSeconds: number;
}

/**
 * Abuse limits for everything that guesses (login, codes, TOTP, forgot password), per IP and per
 * account. Counters live in the database so that every API process shares them (ARCHITECTURE §5).
 */
export function createRateLimiter(database: Database) {
  // Each counter is one statement on the owner connection, no transaction around it, through the
  // SQL functions of migration 0009 (their plans are kept): a login pays one call for both its limits.

  /** Counts one hit; returns the count in the current window and when it resets. */
  async function hit(key: string, limit: Limit, db: Executor = database.db) {
    const [row] = await db
      .select({ hits: sql<number>`h.hits`, resetAt: sql`h.reset_at`.mapWith(rateLimits.resetAt) })
      .from(sql`skyvault_hit(${key}, ${limit.windowSeconds}) as h`);
    return row!;
  }

  async function current(key: string, db: Executor = database.db) {
    const [row] = await db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
    return row ?? null;
  }

  const refuse = (resetAt: Date): never => {
    const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    const wait = retryAfter >= 120 ? `${Math.ceil(retryAfter / 60)} minutes` : `${retryAfter} seconds`;
    throw new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${wait}.`, { retryAfter });
  };

  return {
    /** Counts an attempt and refuses it once the limit is passed. */
    async consume(key: string, limit: Limit): Promise<void> {
      const { hits, resetAt } = await hit(key, limit);
      if (hits > limit.max) refuse(resetAt);
    },

    /** Refuses when the key has already used its limit, without counting (failures are counted with fail()). */
    async check(key: string, limit: Limit): Promise<void> {
      const row = await current(key);
      if (row && row.hits >= limit.max) refuse(row.resetAt);
    },

    /**
     * Counts an attempt against one key and checks a failure counter of another, in one round trip
     * (the login path). Answers whether the failure counter has any failures in its window.
     */
    async consumeAndCheck(consume: { key: string; limit: Limit }, failures: { key: string; limit: Limit }) {
      const [row] = await database.db
        .select({
          hits: sql<number>`a.hits`,
          resetAt: sql`a.reset_at`.mapWith(rateLimits.resetAt),
          failures: sql<number | null>`a.failures`,
          failuresResetAt: sql`a.failures_reset_at`.mapWith(rateLimits.resetAt),
        })
        .from(
          sql`skyvault_count_attempt(${consume.key}, ${consume.limit.windowSeconds}, ${failures.key}) as a`,
        );
      const { hits, resetAt, failures: failed, failuresResetAt } = row!;
      if (hits > consume.limit.max) refuse(resetAt);
      if (failed !== null && failed >= failures.limit.max) refuse(failuresResetAt);
      return { hasFailures: failed !== null };
    },

    /** Counts a failure against the key. */
    async fail(key: string, limit: Limit): Promise<void> {
      await hit(key, limit);
    },

    async reset(key: string): Promise<void> {
      await database.system((tx) => tx.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`));
    },

    /** Housekeeping: drops windows that have ended. */
    purgeExpired: () =>
      database.system((tx) => tx.delete(rateLimits).where(sql`${rateLimits.resetAt} <= now()`)),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The limits in force; names say what they guard. */
export const LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 60 },
  loginFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  codeRequestsPerEmail: { max: 5, windowSeconds: 15 * 60 },
  codeRequestsPerIp: { max: 20, windowSeconds: 15 * 60 },
  codeChecksPerIp: { max: 30, windowSeconds: 15 * 60 },
  forgotPerAccount: { max: 3, windowSeconds: 60 * 60 },
  forgotPerIp: { max: 20, windowSeconds: 60 * 60 },
  signUpPerIp: { max: 10, windowSeconds: 60 * 60 },
  totpFailuresPerUser: { max: 5, windowSeconds: 15 * 60 },
  passwordChangeFailuresPerUser: { max: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>;
