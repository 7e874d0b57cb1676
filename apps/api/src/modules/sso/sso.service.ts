import { randomBytes } from 'node:crypto';
import {
  type ErrorCode,
  MESSAGES,
  MFA_POLICY_MESSAGES,
  SSO_CALLBACK_PATH,
  SSO_LOGIN_PAGE,
  SSO_LOGIN_QUERY,
  type SsoComplete,
  type SsoSecondFactorAnswer,
  safeRedirectPath,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Database } from '../../db/client.js';
import type { identityProviders } from '../../db/schema/index.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, invalidTotp } from '../../lib/errors.js';
import { hashToken } from '../../lib/token-hash.js';
import * as states from '../../platform/oauth-states/oauth-states.repository.js';
import { addressKey } from '../../platform/rate-limits/address-key.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { mfaEnrolmentFor } from '../auth-policy/index.js';
import { type Issuers, isSamlRow } from '../identity-providers/index.js';
import { assertNetworkAllowed } from '../ip-ranges/index.js';
import type { MfaService } from '../mfa/index.js';
import type { PasskeyService } from '../passkeys/index.js';
import type { SamlSettings } from '../saml/index.js';
import { adminRightsOf, type SessionService, toSessionUser } from '../sessions/index.js';
import type { SignInAlerts, SignInMeta } from '../sign-in-alerts/index.js';
import { findUser } from '../users/index.js';
import { createSamlSignIn, type SamlStart } from './saml-sign-in.js';
import * as repo from './sso.repository.js';
import { type ProviderClaims, type ProviderRef, resolveAccount } from './sso-accounts.js';
import { newBrowserKey, startedBy } from './sso-browser.js';
import { applyGroupMapping } from './sso-group-mapping.js';
import { auditSsoEvent, claimsOf, failedSignIn, loginPageWith, Refusal } from './sso-outcome.js';

/** The `purpose` of our rows in oauth_states: the round trip to the provider, and the MFA step after it. */
export const SSO_PURPOSE = 'sso';
export const SSO_MFA_PURPOSE = 'sso-mfa';
/** How long a started sign-in may take at the provider. */
export const ROUND_TRIP_TTL_MS = 10 * 60 * 1000;
/** How long the login page's MFA step may take. */
export const TICKET_TTL_MS = 5 * 60 * 1000;
const SCOPE = 'openid email profile';

type ProviderRow = typeof identityProviders.$inferSelect;

/**
 * Single sign-on through a tenant's OpenID Connect provider: authorization code with PKCE (S256),
 * state and nonce, the client authenticated with client_secret_basic, the ID token validated by
 * openid-client. Every outcome of the browser's round trip is a redirect: into the console with a
 * session, to the login page's TOTP step with a ticket, or to the login page with an error code.
 */
export function createSsoService(deps: {
  database: Database;
  secrets: SecretBox;
  limiter: RateLimiter;
  sessions: SessionService;
  mfa: MfaService;
  passkeys: Pick<PasskeyService, 'support' | 'countForUser' | 'secondFactorOptions' | 'acceptSecondFactor'>;
  alerts: Pick<SignInAlerts, 'inTransaction' | 'nudge'>;
  issuers: Issuers;
  saml: SamlSettings;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { database, secrets, limiter, sessions, mfa, passkeys, issuers, log, saml, alerts } = deps;
  const passkeysAvailable = () => passkeys.support().available;
  const redirectUri = `${deps.publicUrl}${SSO_CALLBACK_PATH}`;
  const ipLimit = (meta: RequestMeta) =>
    limiter.consume(`sso:ip:${addressKey(meta.ip)}`, 'ssoStartsPerAddress');

  const configurationFor = (provider: ProviderRow) =>
    issuers.configuration({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: secrets.open(
        sealedAt.identityProviderClientSecret(provider.tenantId, provider.id),
        provider.clientSecret,
      ),
    });

  /**
   * The provider vouched for the person: find or create their user, then either open a session or,
   * for a user with a factor (an enabled authenticator or a passkey, as a password sign-in asks), issue
   * the ticket of the MFA step. Refusals that concern a known user are audited as failed sign-ins.
   */
  async function signIn(
    tenantId: string,
    provider: ProviderRef,
    claims: ProviderClaims,
    meta: SignInMeta,
    returnTo?: string,
  ) {
    return database.tenant(tenantId, async (tx) => {
      const refuse = async (code: ErrorCode, reason: string, userId?: string) => {
        if (userId) await auditSsoEvent(tx, tenantId, userId, meta, 'failed-sign-in', provider.id);
        return { refused: new Refusal(code, reason) } as const;
      };
      // The network comes first: from outside the tenant's ranges nobody is created or linked. (The
      // provider has already proven who this is, so the refusal reveals nothing to a guesser.)
      try {
        await assertNetworkAllowed(tx, tenantId, meta.ip);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const knownId = await repo.findLinkedUserId(tenantId, tx, provider.id, claims.sub);
        return refuse(error.code, 'address outside the network ranges', knownId ?? undefined);
      }
      const account = await resolveAccount(tx, tenantId, provider, claims, meta);
      if ('refused' in account) return refuse(account.refused, account.reason, account.user?.id);
      if (account.user.status === 'Disabled') {
        return refuse('ACCOUNT_DISABLED', 'user disabled', account.user.id);
      }
      // Before the factor check and the session: the session's rights are the new group's.
      const user = await applyGroupMapping(
        tx,
        tenantId,
        provider,
        { user: account.user, subject: claims.sub, claims, created: account.created ?? false },
        meta,
      );
      const hasFactor =
        (await repo.mfaRequired(tenantId, tx, user.id)) ||
        (await passkeys.countForUser(tx, tenantId, user.id)) > 0;
      if (hasFactor) {
        const ticket = randomBytes(32).toString('base64url');
        await states.insertState(tenantId, tx, {
          stateHash: hashToken(ticket),
          purpose: SSO_MFA_PURPOSE,
          userId: user.id,
          targetId: provider.id,
          // The MFA step has no PKCE verifier and no redirect of its own.
          codeVerifier: '',
          redirectUri: SSO_LOGIN_PAGE,
          returnTo: returnTo ?? null,
          expiresAt: new Date(Date.now() + TICKET_TTL_MS),
        });
        return { ticket } as const;
      }
      // A user the MFA policy covers without a factor: past the grace period, a session that may only
      // enrol (the console reads it from GET /auth/session after the redirect).
      const enrolment = await mfaEnrolmentFor(tx, tenantId, user.id, passkeysAvailable);
      const session = await sessions.open(tx, { tenantId, userId: user.id }, meta, {
        mfaEnrolment: enrolment?.restricted ?? false,
      });
      await auditSsoEvent(tx, tenantId, user.id, meta, 'sign-in', provider.id);
      // A user with a factor was sent to the MFA step above (every provider sign-in of theirs is); an
      // unusual sign-in of anyone else is told of by e-mail.
      await alerts.inTransaction(tx, {
        tenantId,
        userId: user.id,
        sessionId: session.id,
        method: 'sso',
        knownBrowser: meta.knownBrowserFor?.(user.email) ?? false,
        meta,
      });
      return { session, email: user.email } as const;
    });
  }

  /**
   * The end of any provider's round trip (OpenID or SAML), once it vouched for the person: into the
   * console with a session, or to the login page's MFA step with a ticket. A refusal is thrown.
   */
  async function finish(
    tenantId: string,
    provider: ProviderRef,
    claims: ProviderClaims,
    meta: SignInMeta,
    returnTo: string | undefined,
    previous: Actor | null,
  ) {
    const outcome = await signIn(tenantId, provider, claims, meta, returnTo);
    if ('refused' in outcome) throw outcome.refused;
    if ('ticket' in outcome) {
      return {
        location: loginPageWith({ [SSO_LOGIN_QUERY.ticket]: outcome.ticket, redirectTo: returnTo }),
      };
    }
    await sessions.endPrevious(previous);
    alerts.nudge();
    return { location: returnTo ?? '/', session: outcome.session, email: outcome.email };
  }

  const samlSignIn = createSamlSignIn({ database, secrets, publicUrl: deps.publicUrl, log, finish });

  /** A provider with its tenant, and its SAML settings when it is a SAML one. */
  async function providerWithSaml(providerId: string) {
    const found = await database.system((tx) => repo.findProviderById(tx, providerId));
    if (!found) return { found: null, samlRow: null };
    const samlRow = await database.tenant(found.provider.tenantId, (tx) =>
      saml.find(found.provider.tenantId, tx, providerId),
    );
    return { found, samlRow: isSamlRow(found.provider, samlRow) ? samlRow : null };
  }

  /** The MFA step's ticket, still good; refused as expired otherwise (whatever the reason). */
  async function ticketOf(ticket: string) {
    const found =
      ticket.length <= 256
        ? await database.system((tx) => states.findStateByHash(tx, hashToken(ticket)))
        : null;
    if (
      !found ||
      found.purpose !== SSO_MFA_PURPOSE ||
      !found.userId ||
      !found.targetId ||
      found.expiresAt.getTime() <= Date.now()
    ) {
      throw new AppError('SSO_FAILED', MESSAGES.ssoTicketExpired);
    }
    return { ...found, userId: found.userId, providerId: found.targetId };
  }

  return {
    /**
     * A login button was clicked: answers the provider's authorization URL with the browser key that the
     * route keeps in a cookie, or the login page on refusal.
     */
    async start(
      providerId: string,
      state: string | undefined,
      meta: RequestMeta,
      /** How the start was asked for: the address typed at the login's e-mail step (home-realm
       * discovery), which the provider may prefill; an administrator's test of a SAML provider (the
       * session of the start's request). */
      options: { loginHint?: string; test?: { actor: Actor | null } | null } = {},
    ): Promise<SamlStart & { saml?: boolean }> {
      const { loginHint, test = null } = options;
      const returnTo = safeRedirectPath(state);
      try {
        await ipLimit(meta);
        const { found, samlRow } = await providerWithSaml(providerId);
        if (!found) throw new Refusal('SSO_FAILED', 'provider unknown');
        if (samlRow && test) {
          if (!test.actor) throw new Refusal('SSO_FAILED', 'a test sign-in needs a session');
          return { ...(await samlSignIn.start(found, samlRow, returnTo, test.actor)), saml: true };
        }
        if (!found.provider.active) throw new Refusal('SSO_FAILED', 'provider unknown or disabled');
        if (found.tenant.status !== 'active') throw new Refusal('ACCOUNT_DISABLED', 'tenant not active');
        if (samlRow) return { ...(await samlSignIn.start(found, samlRow, returnTo, null)), saml: true };
        if (test) throw new Refusal('SSO_FAILED', 'a test sign-in is for SAML providers');
        const { provider } = found;
        const config = await configurationFor(provider);
        const stateValue = oidc.randomState();
        const verifier = oidc.randomPKCECodeVerifier();
        const { browserKey, nonce } = newBrowserKey();
        await database.tenant(provider.tenantId, async (tx) => {
          await states.deleteExpiredStates(tx);
          const stateHash = hashToken(stateValue);
          await states.insertState(provider.tenantId, tx, {
            stateHash,
            purpose: SSO_PURPOSE,
            targetId: provider.id,
            codeVerifier: secrets.seal(
              sealedAt.oauthStateCodeVerifier(provider.tenantId, stateHash),
              verifier,
            ),
            nonce,
            redirectUri,
            returnTo: returnTo ?? null,
            expiresAt: new Date(Date.now() + ROUND_TRIP_TTL_MS),
          });
        });
        const location = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: SCOPE,
          state: stateValue,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          ...(loginHint ? { login_hint: loginHint } : {}),
        }).href;
        return { location, browserKey };
      } catch (error) {
        return { location: failedSignIn(log, error, returnTo) };
      }
    },

    /**
     * The browser is back from the provider with `rawQuery` and the key its start left (`browserKey`).
     * Answers where to send it, and the new session when one was opened (the route sets its cookie).
     */
    async callback(
      rawQuery: string,
      browserKey: string | undefined,
      meta: SignInMeta,
      previous: Actor | null,
    ) {
      const params = new URLSearchParams(rawQuery);
      const state = params.get('state') ?? '';
      let returnTo: string | undefined;
      try {
        await ipLimit(meta);
        if (!state || state.length > 256) throw new Refusal('SSO_FAILED', 'no state');
        const found = await database.system((tx) => states.findStateByHash(tx, hashToken(state)));
        if (!found || found.purpose !== SSO_PURPOSE || !found.targetId || !found.nonce) {
          throw new Refusal('SSO_FAILED', 'unknown state');
        }
        returnTo = found.returnTo ?? undefined;
        // Used once, whatever happens next: a replayed callback finds nothing.
        if (!(await database.system((tx) => states.consumeState(tx, found.id)))) {
          throw new Refusal('SSO_FAILED', 'state already used');
        }
        if (found.expiresAt.getTime() <= Date.now()) throw new Refusal('SSO_FAILED', 'state expired');
        if (!startedBy(browserKey, found.nonce)) {
          throw new Refusal('SSO_FAILED', 'the sign-in was started in another browser');
        }
        const current = await database.system((tx) => repo.findProviderById(tx, found.targetId!));
        if (!current || current.provider.tenantId !== found.tenantId || !current.provider.active) {
          throw new Refusal('SSO_FAILED', 'provider disabled or deleted during the sign-in');
        }
        if (current.tenant.status !== 'active') throw new Refusal('ACCOUNT_DISABLED', 'tenant not active');
        const { provider } = current;
        const config = await configurationFor(provider);
        const tokens = await oidc
          .authorizationCodeGrant(config, new URL(`${found.redirectUri}?${rawQuery}`), {
            pkceCodeVerifier: secrets.open(
              sealedAt.oauthStateCodeVerifier(found.tenantId, found.stateHash),
              found.codeVerifier,
            ),
            expectedState: state,
            expectedNonce: found.nonce,
            idTokenExpected: true,
          })
          .catch((error: unknown) => {
            // The provider may have changed its keys or endpoints: the next sign-in discovers again.
            issuers.forget(provider.issuer);
            throw error;
          });
        const claims = await claimsOf(config, tokens);
        return await finish(found.tenantId, provider, claims, meta, returnTo, previous);
      } catch (error) {
        return { location: failedSignIn(log, error, returnTo) };
      }
    },

    /** A SAML identity provider's POST to the provider's ACS (saml-sign-in.ts). */
    async samlAcs(
      providerId: string,
      form: Record<string, string>,
      browserKey: string | undefined,
      meta: SignInMeta,
      previous: Actor | null,
    ) {
      try {
        await ipLimit(meta);
      } catch (error) {
        return { location: failedSignIn(log, error) };
      }
      const { found, samlRow } = await providerWithSaml(providerId);
      return samlSignIn.acs(samlRow, found, form, browserKey, meta, previous);
    },

    /** Our SP metadata of a SAML provider; null for any other id. */
    async samlMetadata(providerId: string) {
      const { samlRow } = await providerWithSaml(providerId);
      return samlRow ? samlSignIn.metadata(samlRow) : null;
    },

    samlTestResult: (actor: Actor, providerId: string, resultId: string) =>
      samlSignIn.testResult(actor, providerId, resultId),

    /**
     * What the MFA step may take for the ticket's user: a code (they have an authenticator; a recovery
     * code always works) and, when they have passkeys, a challenge for one of them. The ticket stays.
     */
    async secondFactor(ticket: string, meta: RequestMeta): Promise<SsoSecondFactorAnswer> {
      await ipLimit(meta);
      const { tenantId, userId } = await ticketOf(ticket);
      const totp = await database.tenant(tenantId, (tx) => repo.mfaRequired(tenantId, tx, userId));
      const passkeyOptions = await passkeys.secondFactorOptions(tenantId, userId);
      return { totp, ...(passkeyOptions ? { passkeyOptions } : {}) };
    },

    /**
     * The MFA step of a provider sign-in: the ticket from the redirect and a code, one of the user's
     * recovery codes, or a passkey's answer, like the login's; each a try on the user's limit.
     */
    async complete(input: SsoComplete, meta: SignInMeta, previous: Actor | null) {
      await ipLimit(meta);
      const found = await ticketOf(input.ticket);
      const { tenantId, userId, providerId } = found;
      const signIn = { meta, method: 'sso' as const };
      const accepted = await mfa.tries.attempt(userId, () => {
        if (input.passkey) return passkeys.acceptSecondFactor(tenantId, userId, input.passkey, signIn);
        if (input.recoveryCode) return mfa.acceptRecoveryCode(tenantId, userId, input.recoveryCode, signIn);
        return mfa.acceptLoginCode(tenantId, userId, input.code ?? '', signIn);
      });
      if (!accepted) {
        await database.tenant(tenantId, (tx) =>
          auditSsoEvent(tx, tenantId, userId, meta, 'failed-sign-in', providerId),
        );
        if (input.passkey) throw new AppError('INVALID_TOTP', MFA_POLICY_MESSAGES.passkeyFailed);
        if (!input.recoveryCode) throw invalidTotp(MESSAGES.mfaCodeIncorrect);
        const message = MFA_POLICY_MESSAGES.recoveryCodeIncorrect;
        throw new AppError('INVALID_TOTP', message, { fields: { recoveryCode: message } });
      }
      if (!(await database.system((tx) => states.consumeState(tx, found.id)))) {
        throw new AppError('SSO_FAILED', MESSAGES.ssoTicketExpired);
      }
      // The user's state and the network may have changed while the code was typed.
      const checked = await database.tenant(tenantId, async (tx) => {
        const [user, tenant] = await Promise.all([
          findUser(tenantId, tx, userId),
          repo.findTenant(tenantId, tx),
        ]);
        if (!user || !tenant || tenant.status !== 'active' || user.status === 'Disabled') {
          return { refused: new AppError('ACCOUNT_DISABLED') };
        }
        try {
          await assertNetworkAllowed(tx, tenantId, meta.ip);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await auditSsoEvent(tx, tenantId, userId, meta, 'failed-sign-in', providerId);
          return { refused: error };
        }
        return { user, tenant };
      });
      if ('refused' in checked) throw checked.refused;
      await sessions.endPrevious(previous);
      return database.tenant(tenantId, async (tx) => {
        // The user has a factor (the ticket was for it), unless it was removed while the code was typed.
        const mfaEnrolment = await mfaEnrolmentFor(tx, tenantId, userId, passkeysAvailable);
        const session = await sessions.open(tx, { tenantId, userId }, meta, {
          mfaEnrolment: mfaEnrolment?.restricted ?? false,
        });
        await auditSsoEvent(tx, tenantId, userId, meta, 'sign-in', providerId);
        await alerts.inTransaction(tx, {
          tenantId,
          userId,
          sessionId: session.id,
          method: 'sso',
          knownBrowser: meta.knownBrowserFor?.(checked.user.email) ?? false,
          meta,
        });
        const answer = {
          ...toSessionUser(checked.user, checked.tenant),
          ...(await adminRightsOf(tx, tenantId, userId, checked.user.isAdmin)),
        };
        return { session, user: mfaEnrolment ? { ...answer, mfaEnrolment } : answer };
      });
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
