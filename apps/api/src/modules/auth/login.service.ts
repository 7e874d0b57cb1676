import { type Login, MESSAGES, type PreLogin } from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, invalidTotp } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { addressKey } from '../../platform/rate-limits/address-key.js';
import {
  type LoginKeys,
  type RateLimiter,
  refuseUntil,
} from '../../platform/rate-limits/rate-limits.service.js';
import { addressPermitted, ipNotAllowed } from '../ip-ranges/index.js';
import type { MfaService } from '../mfa/index.js';
import { type SessionService, toSessionUser } from '../sessions/index.js';
import { findForLogin } from '../users/index.js';

type Found = NonNullable<Awaited<ReturnType<typeof findForLogin>>>;

/** What a login knows of its request besides the form: whether the browser is known for the address. */
export type LoginMeta = RequestMeta & { knownBrowser?: boolean; timezone?: string };

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * Password login (both console flows end here). No account is ever locked: failures make the next
 * attempt wait (per account, and per account from one address; see Limits.loginDelay), and while it
 * must wait only the password with a current TOTP code, or the account's known browser, gets through,
 * so the owner keeps a way in that a guesser without the second factor does not have. Per address,
 * failures only are counted. Known and unknown accounts cost the same: one gate read, one account
 * look-up, one argon2id verification and, on failure, one statement.
 */
export function createLoginService(deps: {
  database: Database;
  limiter: RateLimiter;
  sessions: SessionService;
  mfa: MfaService;
}) {
  const { database, limiter, sessions, mfa } = deps;

  const keysOf = (input: PreLogin, ip: string): LoginKeys => {
    const account = `login:account:${input.tenantName.toLowerCase()}:${input.email}`;
    const address = addressKey(ip);
    return { address: `login:ip:${address}`, account, pair: `${account}:${address}` };
  };

  /**
   * A refused password sign-in of a known user (a wrong TOTP code, a disabled account, an address
   * outside the ranges); a wrong password is recorded with its delays (limiter.loginFailed).
   */
  const auditRefusal = (found: Found, meta: RequestMeta) =>
    database.tenant(found.tenant.id, (tx) =>
      recordAudit(tx, meta, {
        tenantId: found.tenant.id,
        actorId: found.user.id,
        action: 'failed-sign-in',
        outcome: 'failure',
        method: 'password',
        targetType: 'user',
        targetId: found.user.id,
        targetName: found.user.email,
      }),
    );

  /** Checks the TOTP code of a user with an enabled device; wrong ones count on the user's TOTP limit. */
  async function codeAccepted(found: Found, code: string | undefined, meta: RequestMeta) {
    const key = `totp:user:${found.user.id}`;
    await limiter.check(key, 'totpFailuresPerUser');
    if (!code) return false;
    if (await mfa.acceptLoginCode(found.tenant.id, found.user.id, code, { meta, method: 'password' })) {
      return true;
    }
    await limiter.fail(key, 'totpFailuresPerUser');
    await auditRefusal(found, meta);
    return false;
  }

  async function authenticate(input: Login, meta: LoginMeta) {
    const keys = keysOf(input, meta.ip);
    const gate = await limiter.loginGate(keys);
    const found = await findForLogin(database.db, input.tenantName, input.email);
    const passwordRight = (await verifyPassword(found?.user.passwordHash, input.password)) && found !== null;
    const wait = later(gate.pairWait, meta.knownBrowser ? null : gate.accountWait);
    let codeChecked = false;
    if (wait) {
      // Waiting: the answer must not tell a right password from a wrong one, unless the second factor
      // proves the owner; nothing is counted but a wrong code.
      if (!passwordRight || !found?.mfaRequired || !(await codeAccepted(found, input.code, meta))) {
        refuseUntil(wait);
      }
      codeChecked = true;
    }
    if (!passwordRight || !found) {
      await limiter.loginFailed(keys, found && { tenantId: found.tenant.id, userId: found.user.id }, meta);
      throw new AppError('INVALID_CREDENTIALS');
    }
    // The right password of an account that may not sign in: a refusal its administrators should see.
    if (found.tenant.status === 'pending' || found.user.status === 'WaitConfirmation') {
      await auditRefusal(found, meta);
      throw new AppError('EMAIL_NOT_VERIFIED');
    }
    if (found.tenant.status !== 'active' || found.user.status === 'Disabled') {
      await auditRefusal(found, meta);
      throw new AppError('ACCOUNT_DISABLED');
    }
    // Only once the password is proven: a guesser learns nothing about the tenant's ranges.
    if (!addressPermitted(found.ipRanges, meta.ip)) {
      await auditRefusal(found, meta);
      throw ipNotAllowed();
    }
    // A success ends the pair's delay, and the account's unless guesses elsewhere are holding it.
    const cleared = gate.hasFailures ? [keys.pair, ...(gate.accountWait ? [] : [keys.account])] : [];
    return { found, codeChecked, cleared };
  }

  return {
    async preLogin(input: PreLogin, meta: LoginMeta) {
      const { found } = await authenticate(input, meta);
      return { isMfaEnabled: found.mfaRequired };
    },

    /** Returns the new session's token; the caller sets the cookie. `previous` is ended (rotation). */
    async login(input: Login, meta: LoginMeta, previous: Actor | null) {
      const { found, codeChecked, cleared } = await authenticate(input, meta);
      const { tenant, user } = found;
      if (found.mfaRequired && !codeChecked) {
        if (!input.code) {
          await limiter.check(`totp:user:${user.id}`, 'totpFailuresPerUser');
          throw invalidTotp(MESSAGES.totpRequired);
        }
        if (!(await codeAccepted(found, input.code, meta))) throw invalidTotp(MESSAGES.mfaCodeIncorrect);
      }
      if (cleared.length > 0) await limiter.reset(...cleared);
      await sessions.endPrevious(previous);
      return database.tenant(tenant.id, async (tx) => {
        const session = await sessions.open(tx, { tenantId: tenant.id, userId: user.id }, meta);
        await recordAudit(tx, meta, {
          tenantId: tenant.id,
          actorId: user.id,
          action: 'sign-in',
          method: 'password',
          targetType: 'user',
          targetId: user.id,
          targetName: user.email,
        });
        return { session, user: toSessionUser(user, tenant) };
      });
    },

    async logout(actor: Actor, meta: RequestMeta) {
      await database.tenant(actor.tenantId, async (tx) => {
        await sessions.end(tx, actor);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'sign-out',
          targetType: 'user',
          targetId: actor.userId,
        });
      });
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
