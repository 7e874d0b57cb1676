import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { MFA_POLICY_MESSAGES, type PasskeyCredentialResponse, type SessionUser } from '@skyvault/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { addressKey } from '../../platform/rate-limits/address-key.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { signInEnrolment, signInRefusal } from '../auth-policy/index.js';
import { assertLocalSignIn } from '../domains/index.js';
import { adminRightsOf, type SessionService, toSessionUser } from '../sessions/index.js';
import type { SignInAlerts } from '../sign-in-alerts/index.js';
import { findForLogin } from '../users/index.js';
import { verifyAssertion } from './assertion.js';
import { storeChallenge, takeChallenge } from './challenges.js';
import * as repo from './passkeys.repository.js';
import { relyingPartyOf, requireRelyingParty } from './relying-party.js';

/**
 * Signing in with a passkey alone (discoverable credential, user verification required). The account
 * checks are the password login's own (auth-policy's signInRefusal and signInEnrolment): an unverified
 * or disabled user or tenant, a password reset by an administrator, an address outside the ranges are
 * refused; a passkey is a factor, so the MFA policy never restricts the session. The password login's
 * waits after failed guesses do not apply: like the right password with a second factor during a wait,
 * a user-verified passkey proves the owner. Failures count per address on the login limit.
 */
export function createPasskeyLogin(deps: {
  config: Config;
  database: Database;
  limiter: RateLimiter;
  sessions: SessionService;
  alerts: Pick<SignInAlerts, 'inTransaction' | 'nudge'>;
}) {
  const { database, limiter, sessions, alerts } = deps;
  const rp = relyingPartyOf(deps.config);

  const refusal = (found: { tenantId: string; userId: string; email: string }, meta: RequestMeta) =>
    database.tenant(found.tenantId, (tx) =>
      recordAudit(tx, meta, {
        tenantId: found.tenantId,
        actorId: found.userId,
        action: 'failed-sign-in',
        outcome: 'failure',
        method: 'passkey',
        targetType: 'user',
        targetId: found.userId,
        targetName: found.email,
      }),
    );

  async function authenticate(response: PasskeyCredentialResponse, meta: RequestMeta) {
    const party = requireRelyingParty(rp);
    const challenge = await takeChallenge(database, response, 'passwordless', null);
    const signIn = await database.system((tx) => repo.findSignInByCredential(tx, response.id));
    if (!signIn) throw new AppError('INVALID_CREDENTIALS', MFA_POLICY_MESSAGES.passkeyUnknown);
    const { passkey } = signIn;
    const verified = await database.tenant(passkey.tenantId, (tx) =>
      verifyAssertion(tx, party, passkey, response, challenge, { requireUserVerification: true }),
    );
    const who = { tenantId: passkey.tenantId, userId: passkey.userId, email: signIn.email };
    if (!verified) {
      await refusal(who, meta);
      throw new AppError('INVALID_CREDENTIALS', MFA_POLICY_MESSAGES.passkeyFailed);
    }
    const found = await findForLogin(database.db, signIn.tenantName, signIn.email);
    if (!found || found.user.id !== passkey.userId) throw new AppError('INVALID_CREDENTIALS');
    const refused = signInRefusal(found, meta.ip);
    if (refused) {
      await refusal(who, meta);
      throw refused;
    }
    // Under single sign-on enforcement a passkey alone is refused, a break-glass administrator's too:
    // their way in is the password with a second factor.
    try {
      await database.tenant(found.tenant.id, (tx) =>
        assertLocalSignIn(tx, {
          tenantId: found.tenant.id,
          userId: found.user.id,
          email: found.user.email,
          way: 'passkey',
        }),
      );
    } catch (error) {
      if (error instanceof AppError) await refusal(who, meta);
      throw error;
    }
    return found;
  }

  return {
    /** A challenge for any of this relying party's passkeys: the browser lets the user pick one. */
    async options() {
      const party = requireRelyingParty(rp);
      const options = await generateAuthenticationOptions({ rpID: party.id, userVerification: 'required' });
      await storeChallenge(database, options.challenge, 'passwordless', null);
      return { options: options as unknown as Record<string, unknown> };
    },

    /** Returns the new session's token and the session user; the caller sets the cookie. */
    async login(
      response: PasskeyCredentialResponse,
      meta: RequestMeta & { timezone?: string },
      previous: Actor | null,
      /** Whether the browser is known for the address (knownBrowserCheck), asked once it is known. */
      knownBrowser: (email: string) => boolean = () => false,
    ) {
      const key = `passkey:ip:${addressKey(meta.ip)}`;
      await limiter.check(key, 'loginFailuresPerAddress');
      let found: Awaited<ReturnType<typeof authenticate>>;
      try {
        found = await authenticate(response, meta);
      } catch (error) {
        await limiter.fail(key, 'loginFailuresPerAddress');
        throw error;
      }
      const { tenant, user } = found;
      await sessions.endPrevious(previous);
      // The user has a passkey, hence a factor: the policy asks nothing more (the same rule as a password's).
      const mfaEnrolment = signInEnrolment(found, true);
      const signedIn = await database.tenant(tenant.id, async (tx) => {
        const session = await sessions.open(tx, { tenantId: tenant.id, userId: user.id }, meta, {
          mfaEnrolment: mfaEnrolment?.restricted ?? false,
        });
        await recordAudit(tx, meta, {
          tenantId: tenant.id,
          actorId: user.id,
          action: 'sign-in',
          method: 'passkey',
          targetType: 'user',
          targetId: user.id,
          targetName: user.email,
        });
        // A passkey is a fresh second factor in itself: an unusual sign-in with one is only told of.
        await alerts.inTransaction(tx, {
          tenantId: tenant.id,
          userId: user.id,
          sessionId: session.id,
          method: 'passkey',
          knownBrowser: knownBrowser(user.email),
          meta,
        });
        const answer: SessionUser = {
          ...toSessionUser(user, tenant),
          ...(await adminRightsOf(tx, tenant.id, user.id, user.isAdmin)),
        };
        return { session, user: mfaEnrolment ? { ...answer, mfaEnrolment } : answer };
      });
      alerts.nudge();
      return signedIn;
    },
  };
}

export type PasskeyLogin = ReturnType<typeof createPasskeyLogin>;
