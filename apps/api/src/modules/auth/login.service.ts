import { type Login, MESSAGES, MFA_POLICY_MESSAGES, type PreLogin } from '@skyvault/contract';
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
import { signInEnrolment, signInRefusal } from '../auth-policy/index.js';
import { assertLocalSignIn, type DomainSignInService } from '../domains/index.js';
import type { MfaService } from '../mfa/index.js';
import type { PasskeyService } from '../passkeys/index.js';
import { adminRightsOf, type SessionService, toSessionUser } from '../sessions/index.js';
import type { SignInAlerts } from '../sign-in-alerts/index.js';
import { findForLoginBeside, type LoginAccount } from '../users/index.js';

type Found = LoginAccount;

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
  passkeys: Pick<PasskeyService, 'support' | 'secondFactorOptions' | 'acceptSecondFactor'>;
  domainSignIn: Pick<DomainSignInService, 'breakGlassSignedIn'>;
  alerts: Pick<SignInAlerts, 'afterSignIn'>;
}) {
  const { database, limiter, sessions, mfa, passkeys, domainSignIn, alerts } = deps;

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

  /** The second factor the form carries: a TOTP code, a recovery code or a passkey's answer. */
  const secondFactorOf = (input: Login) =>
    input.code !== undefined || input.recoveryCode !== undefined || input.passkey !== undefined;

  const secondFactorAccepted = (found: Found, input: Login, meta: RequestMeta) => {
    const signIn = { meta, method: 'password' as const };
    const [tenantId, userId] = [found.tenant.id, found.user.id];
    if (input.passkey) return passkeys.acceptSecondFactor(tenantId, userId, input.passkey, signIn);
    if (input.recoveryCode) return mfa.acceptRecoveryCode(tenantId, userId, input.recoveryCode, signIn);
    return mfa.acceptLoginCode(tenantId, userId, input.code!, signIn);
  };

  /**
   * Checks the second factor of a user who has one (a TOTP code, a recovery code or a passkey): each is
   * a try on the user's second-factor limit, counted before it is checked (mfa.tries).
   */
  async function codeAccepted(found: Found, input: Login, meta: RequestMeta) {
    if (!secondFactorOf(input)) {
      await mfa.tries.assertTriesLeft(found.user.id);
      return false;
    }
    if (await mfa.tries.attempt(found.user.id, () => secondFactorAccepted(found, input, meta))) return true;
    await auditRefusal(found, meta);
    return false;
  }

  /** Why the second step refused: on the field the form filled. */
  const refusedFactor = (input: Login) => {
    if (input.passkey) return new AppError('INVALID_TOTP', MFA_POLICY_MESSAGES.passkeyFailed);
    if (input.recoveryCode) {
      const message = MFA_POLICY_MESSAGES.recoveryCodeIncorrect;
      return new AppError('INVALID_TOTP', message, { fields: { recoveryCode: message } });
    }
    return invalidTotp(MESSAGES.mfaCodeIncorrect);
  };

  /** The enforcement rule (domains' assertLocalSignIn); a refusal is audited like the others above. */
  async function heldToSso(found: Found, meta: RequestMeta) {
    try {
      return await database.tenant(found.tenant.id, (tx) =>
        assertLocalSignIn(tx, {
          tenantId: found.tenant.id,
          userId: found.user.id,
          email: found.user.email,
          way: 'password',
          hasSecondFactor: found.mfaRequired,
        }),
      );
    } catch (error) {
      if (error instanceof AppError) await auditRefusal(found, meta);
      throw error;
    }
  }

  async function authenticate(input: Login, meta: LoginMeta) {
    const keys = keysOf(input, meta.ip);
    // The gate and the account in one round trip; the gate's refusal still comes before the password.
    const lookup = await findForLoginBeside(
      database.db,
      input.tenantName,
      input.email,
      limiter.loginGateQuery(keys),
    );
    const gate = limiter.judgeLoginGate(lookup.beside);
    const { found } = lookup;
    // A user whose administrator reset the password has none; the erased one is checked instead, so
    // that its owner learns of the reset (signInRefusal) rather than of a wrong password. Still one hash.
    const hash = found?.user.passwordHash ?? found?.user.voidedPasswordHash;
    const passwordRight = (await verifyPassword(hash, input.password)) && found !== null;
    const wait = later(gate.pairWait, meta.knownBrowser ? null : gate.accountWait);
    let codeChecked = false;
    if (wait) {
      // Waiting: the answer must not tell a right password from a wrong one, unless the second factor
      // proves the owner; nothing is counted but a wrong code.
      if (!passwordRight || !found?.mfaRequired || !(await codeAccepted(found, input, meta))) {
        refuseUntil(wait);
      }
      codeChecked = true;
    }
    if (!passwordRight || !found) {
      await limiter.loginFailed(keys, found && { tenantId: found.tenant.id, userId: found.user.id }, meta);
      throw new AppError('INVALID_CREDENTIALS');
    }
    // The right password of an account that may not sign in: a refusal its administrators should see.
    // Only once the password is proven: a guesser learns nothing about the account or the tenant's
    // ranges. The rules are the passkey sign-in's too (auth-policy's signInRefusal).
    const refusal = signInRefusal(found, meta.ip);
    if (refusal) {
      await auditRefusal(found, meta);
      throw refusal;
    }
    // Single sign-on enforced for the address's domain: only a break-glass administrator with a second
    // factor goes on (login then asks for the factor, as for anyone who has one).
    const { breakGlass } = await heldToSso(found, meta);
    // A success ends the pair's delay, and the account's unless guesses elsewhere are holding it.
    const cleared = gate.hasFailures ? [keys.pair, ...(gate.accountWait ? [] : [keys.account])] : [];
    return { found, codeChecked, cleared, breakGlass };
  }

  return {
    async preLogin(input: PreLogin, meta: LoginMeta) {
      const { found } = await authenticate(input, meta);
      const passkeyOptions = found.factors.passkey
        ? await passkeys.secondFactorOptions(found.tenant.id, found.user.id)
        : null;
      return {
        isMfaEnabled: found.mfaRequired,
        totp: found.factors.totp,
        ...(passkeyOptions ? { passkeyOptions } : {}),
      };
    },

    /** Returns the new session's token; the caller sets the cookie. `previous` is ended (rotation). */
    async login(input: Login, meta: LoginMeta, previous: Actor | null) {
      const { found, codeChecked, cleared, breakGlass } = await authenticate(input, meta);
      const { tenant, user } = found;
      if (found.mfaRequired && !codeChecked) {
        if (!secondFactorOf(input)) {
          await mfa.tries.assertTriesLeft(user.id);
          throw invalidTotp(MESSAGES.totpRequired);
        }
        if (!(await codeAccepted(found, input, meta))) throw refusedFactor(input);
      }
      if (cleared.length > 0) await limiter.reset(...cleared);
      await sessions.endPrevious(previous);
      // A user the policy covers without a factor: past the grace period the session may only enrol
      // (never a refusal: the last administrator too can always sign in and enrol).
      const mfaEnrolment = signInEnrolment(found, passkeys.support().available);
      const session = await sessions.openSignedIn(
        { tenantId: tenant.id, userId: user.id },
        meta,
        { mfaEnrolment: mfaEnrolment?.restricted ?? false },
        {
          tenantId: tenant.id,
          actorId: user.id,
          action: 'sign-in',
          method: 'password',
          targetType: 'user',
          targetId: user.id,
          targetName: user.email,
        },
      );
      // A new browser or an unusual network: audited, and mailed to the user with a link that ends this
      // session. (A user with a factor gave it above, as at every sign-in: the tenant's choice to ask
      // for one at unusual sign-ins is met before the session opens.)
      await alerts.afterSignIn({
        tenantId: tenant.id,
        userId: user.id,
        sessionId: session.id,
        method: 'password',
        knownBrowser: meta.knownBrowser ?? false,
        meta,
      });
      if (breakGlass) {
        const name = `${user.firstName} ${user.lastName}`.trim();
        await domainSignIn.breakGlassSignedIn(
          { tenantId: tenant.id, userId: user.id, email: user.email, name },
          meta,
        );
      }
      const answer = {
        ...toSessionUser(user, tenant),
        // Before any tenant transaction, as the look-ups above: an administrator's roles (one read).
        ...(await adminRightsOf(database.db, tenant.id, user.id, user.isAdmin)),
      };
      return { session, user: mfaEnrolment ? { ...answer, mfaEnrolment } : answer };
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
