import { type ProviderChoice, ssoStartPath } from '@skyvault/contract';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { providersByIds } from '../identity-providers/index.js';
import { findUser, findUserByEmail } from '../users/index.js';
import { tenantRouteOfEmail } from './domain-routing.js';
import { isBreakGlass } from './domain-sign-in.repository.js';

/**
 * Single sign-on enforcement: the one rule every local way in asks (password, e-mail code, passkey,
 * password reset). A user whose address is on a verified domain of the tenant with enforcement on signs
 * in through the domain's identity providers only; a break-glass administrator may still use a
 * password, and only with their second factor. The API token look-up applies the same domain test in
 * SQL (migration 0034), so that a call still costs one statement.
 */

/** The local ways in: each is refused for a user held to single sign-on, except as said below. */
export type LocalWay =
  /** Password sign-in (both login flows): a break-glass administrator with a second factor passes. */
  | 'password'
  /** Choosing the tenant in the e-mail code flow: leads to the password step, so break-glass passes. */
  | 'email-code'
  /** A mailed password link: a break-glass administrator may still set their password. */
  | 'password-reset'
  /** A passkey as the only factor: refused for everyone held, break-glass too (password + factor only). */
  | 'passkey';

export interface LocalSignIn {
  tenantId: string;
  email: string;
  /** Found by the address when the caller does not know it (the e-mail code flow). */
  userId?: string;
  way: LocalWay;
  /** The user has a second factor (an enabled authenticator or a passkey): asked of break-glass. */
  hasSecondFactor?: boolean;
}

export type LocalVerdict =
  | { allowed: true; breakGlass: boolean }
  | { allowed: false; providers: ProviderChoice[] };

/**
 * The login page's buttons for these providers (active ones, in this order), each starting the sign-in
 * with the address as login_hint and `state` (the page's redirect target) carried through.
 */
export async function providerChoices(
  tx: Executor,
  tenantId: string,
  providerIds: string[],
  options: { loginHint?: string; state?: string } = {},
): Promise<ProviderChoice[]> {
  const found = new Map((await providersByIds(tx, tenantId, providerIds)).map((p) => [p.id, p]));
  const query = new URLSearchParams();
  if (options.loginHint) query.set('login_hint', options.loginHint);
  if (options.state) query.set('state', options.state);
  const suffix = query.size > 0 ? `?${query}` : '';
  return providerIds.flatMap((id) => {
    const provider = found.get(id);
    if (!provider?.active) return [];
    return [
      {
        id,
        buttonText: provider.buttonText || provider.name,
        buttonImageId: provider.buttonImageId,
        redirectUrl: `${ssoStartPath(id)}${suffix}`,
      },
    ];
  });
}

/** SSO_REQUIRED: the user signs in through these providers (the login page shows them as buttons). */
export const ssoRequired = (providers: ProviderChoice[]) =>
  new AppError('SSO_REQUIRED', undefined, { providers });

/** Whether the way in is open to the user, in the caller's transaction of the user's tenant. */
export async function localSignInVerdict(tx: Executor, who: LocalSignIn): Promise<LocalVerdict> {
  const route = await tenantRouteOfEmail(who.tenantId, tx, who.email);
  if (!route?.domain.enforceSso) return { allowed: true, breakGlass: false };
  const user = who.userId
    ? await findUser(who.tenantId, tx, who.userId)
    : await findUserByEmail(who.tenantId, tx, who.email);
  // Named, and still an administrator (a demoted one keeps the row, not the exception).
  const breakGlass = Boolean(user?.isAdmin) && (await isBreakGlass(who.tenantId, tx, user!.id));
  if (breakGlass && breakGlassMay(who)) return { allowed: true, breakGlass: true };
  const providers = await providerChoices(tx, who.tenantId, route.providerIds, { loginHint: who.email });
  return { allowed: false, providers };
}

const breakGlassMay = (who: LocalSignIn) => {
  switch (who.way) {
    case 'password':
      return who.hasSecondFactor === true;
    case 'email-code':
    case 'password-reset':
      return true;
    case 'passkey':
      return false;
  }
};

/**
 * The check of every local way in: throws SSO_REQUIRED (with the providers) when the user is held to
 * single sign-on; answers whether they pass as a break-glass administrator (audited and announced).
 */
export async function assertLocalSignIn(tx: Executor, who: LocalSignIn): Promise<{ breakGlass: boolean }> {
  const verdict = await localSignInVerdict(tx, who);
  if (!verdict.allowed) throw ssoRequired(verdict.providers);
  return { breakGlass: verdict.breakGlass };
}
