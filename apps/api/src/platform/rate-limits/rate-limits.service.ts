import { REFUSALS } from '@skyvault/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Limit, Limits } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';
import type { RequestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';

export type { Limit };
/** The name of a counting limit (every limit but the login delays). */
export type LimitName = Exclude<keyof Limits, 'loginDelay'>;

/** The keys a login is counted by: the client's address, the account, and the pair of both. */
export interface LoginKeys {
  address: string;
  account: string;
  pair: string;
}

/** What the login gate (skyvault_login_gate, migration 0011) answers. */
export interface LoginGateRow {
  addressFailures: number | null;
  addressResetAt: Date;
  accountWait: Date | null;
  pairWait: Date | null;
  hasFailures: boolean;
}

/**
 * Refuses an address past its failures, and answers until when the account and the pair must wait
 * (null: not now) and whether either has failures (skyvault_login_gate, migration 0009).
 */
const LOGIN_GATE = {
  name: 'login_gate',
  from: sql`skyvault_login_gate(${sql.placeholder('gateAddress')}, ${sql.placeholder('gateAccount')}, ${sql.placeholder('gatePair')}) as g`,
  fields: {
    addressFailures: sql<number | null>`g.address_failures`,
    addressResetAt: sql<Date>`g.address_reset_at`.mapWith(rateLimits.resetAt),
    accountWait: sql<Date | null>`g.account_blocked_until`.mapWith(rateLimits.resetAt),
    pairWait: sql<Date | null>`g.pair_blocked_until`.mapWith(rateLimits.resetAt),
    hasFailures: sql<boolean>`g.has_failures`,
  },
};
const loginGateValues = (keys: LoginKeys) => ({
  gateAddress: keys.address,
  gateAccount: keys.account,
  gatePair: keys.pair,
});

/** Answers 429 with Retry-After until `until`. */
export function refuseUntil(until: Date): never {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const wait = retryAfter >= 120 ? `${Math.ceil(retryAfter / 60)} minutes` : `${retryAfter} seconds`;
  throw new AppError('RATE_LIMITED', REFUSALS.tooManyAttempts(wait), { retryAfter });
}

/**
 * Abuse limits for everything that guesses (login, codes, TOTP, forgot password). Counters live in
 * the database so that every API process shares them (ARCHITECTURE §5); each is one statement on the
 * owner connection through the SQL functions of migrations 0009 and 0011 (their plans are kept).
 */
export function createRateLimiter(database: Database, limits: Limits) {
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

  const delay = limits.loginDelay;

  return {
    limits,

    /** Counts an attempt and refuses it once the limit is passed. */
    async consume(key: string, name: LimitName): Promise<void> {
      const { hits, resetAt } = await hit(key, limits[name]);
      if (hits > limits[name].max) refuseUntil(resetAt);
    },

    /** Refuses when the key has already used its limit, without counting (failures are counted with fail()). */
    async check(key: string, name: LimitName): Promise<void> {
      const row = await current(key);
      if (row && row.hits >= limits[name].max) refuseUntil(row.resetAt);
    },

    /** Counts a failure against the key. */
    async fail(key: string, name: LimitName): Promise<void> {
      await hit(key, limits[name]);
    },

    /**
     * Gives back one attempt that consume() counted and that succeeded: counting every try before it is
     * checked (one atomic statement) keeps parallel guesses within the limit, and the refund keeps a
     * right answer from counting as a failure.
     */
    async refund(key: string): Promise<void> {
      await database.db
        .update(rateLimits)
        .set({ hits: sql`${rateLimits.hits} - 1` })
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.hits} > 0 and ${rateLimits.resetAt} > now()`);
    },

    /**
     * The login's gate as a one-row query for the account look-up's statement (a FROM item and its
     * columns, under a name), with its values as placeholders: the statement is built once and
     * prepared (db/prepared.ts `kept`). `judgeLoginGate` reads its row.
     */
    loginGateQuery: (keys: LoginKeys) => ({ ...LOGIN_GATE, values: loginGateValues(keys) }),

    /** Refuses an address over its failure limit; answers the delays the login must respect. */
    judgeLoginGate: (gate: LoginGateRow) => {
      if (gate.addressFailures !== null && gate.addressFailures >= limits.loginFailuresPerAddress.max) {
        refuseUntil(gate.addressResetAt);
      }
      return {
        accountWait: gate.accountWait ?? null,
        pairWait: gate.pairWait ?? null,
        hasFailures: gate.hasFailures,
      };
    },

    /**
     * A failed login in one statement, whether or not the account exists (both must cost the same):
     * the address's failure, the delays of the account and the pair, and, for a user, the audit event.
     */
    async loginFailed(keys: LoginKeys, user: { tenantId: string; userId: string } | null, meta: RequestMeta) {
      await database.db.execute(
        sql`select skyvault_login_failed(${keys.address}, ${limits.loginFailuresPerAddress.windowSeconds},
          ${keys.account}, ${keys.pair}, ${delay.windowSeconds}, ${delay.freeFailures}, ${delay.maxSeconds},
          ${user?.tenantId ?? null}::uuid, ${user?.userId ?? null}::uuid, ${meta.ip}, ${meta.userAgent ?? null},
          ${meta.requestId})`,
      );
    },

    /** Forgets the keys' counters (a successful login ends its account's and pair's delays). */
    async reset(...keys: string[]): Promise<void> {
      await database.system((tx) => tx.delete(rateLimits).where(inArray(rateLimits.key, keys)));
    },

    /** Housekeeping: drops windows that have ended and delays that are over. */
    purgeExpired: () =>
      database.system((tx) =>
        tx
          .delete(rateLimits)
          .where(
            sql`${rateLimits.resetAt} <= now() and (${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= now())`,
          ),
      ),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
