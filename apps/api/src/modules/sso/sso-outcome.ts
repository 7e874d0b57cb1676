import { type ErrorCode, SSO_LOGIN_PAGE, SSO_LOGIN_QUERY } from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Tx } from '../../db/client.js';
import type { RequestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { IssuerError } from '../identity-providers/index.js';
import type { ProviderClaims } from './sso-accounts.js';

/** A sign-in refused for a reason we know; `reason` goes to the log, `code` to the login page. */
export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** /auth/login with the given parameters (the empty ones left out). */
export function loginPageWith(query: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  return `${SSO_LOGIN_PAGE}?${search}`;
}

/** What a provider's error says, for the log only: short, and of the characters an error code has. */
const describe = (error: unknown) => {
  const e = error as { name?: string; code?: string; error?: string; message?: string };
  return [e.name, e.code, e.error, e.message]
    .filter(Boolean)
    .join(': ')
    .replace(/[^\w .:'"()=/-]/g, '')
    .slice(0, 300);
};

/** Where a failed sign-in lands; the details go to the log, never into the URL. */
export function failedSignIn(log: FastifyBaseLogger, error: unknown, returnTo?: string) {
  let code: ErrorCode = 'SSO_FAILED';
  if (error instanceof Refusal) {
    code = error.code;
    log.info({ reason: error.reason }, 'single sign-on refused');
  } else if (error instanceof AppError) {
    code = error.code;
  } else if (
    error instanceof IssuerError ||
    error instanceof oidc.ClientError ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.WWWAuthenticateChallengeError
  ) {
    log.warn({ reason: describe(error) }, 'single sign-on failed at the identity provider');
  } else {
    log.error({ err: error }, 'single sign-on failed');
  }
  return loginPageWith({ [SSO_LOGIN_QUERY.error]: code, redirectTo: returnTo });
}

/**
 * A sign-in through a provider, or its refusal, in the user's audit trail, naming the provider. (The
 * user's address, as the target's name, is the actor's the database records.)
 */
export const auditSsoEvent = (
  tx: Tx,
  tenantId: string,
  userId: string,
  meta: RequestMeta,
  action: 'sign-in' | 'failed-sign-in',
  providerId: string,
) =>
  recordAudit(tx, meta, {
    tenantId,
    actorId: userId,
    action,
    outcome: action === 'failed-sign-in' ? 'failure' : 'success',
    method: 'sso',
    targetType: 'user',
    targetId: userId,
    after: { identityProviderId: providerId },
  });

/** The claims of the ID token, completed from userinfo when the token carries no e-mail address. */
export async function claimsOf(
  config: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
) {
  const idToken = tokens.claims();
  if (!idToken) throw new Refusal('SSO_FAILED', 'no ID token');
  const claims: ProviderClaims = { ...idToken };
  if (claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    return { ...info, ...idToken } as ProviderClaims;
  }
  return claims;
}
