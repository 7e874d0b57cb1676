import { authEndpoints, SSO_CALLBACK_PATH, SSO_LOGIN_QUERY, ssoEndpoints } from '@skyvault/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routePatternOf } from '../lib/route-pattern.js';

export const SIGN_IN_METHODS = ['password', 'code', 'sso'] as const;
export const SIGN_IN_OUTCOMES = ['success', 'failure', 'limited'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/** The calls that sign someone in, by the route they matched (never the raw URL). */
const SIGN_IN_ROUTES: Record<string, SignInMethod> = {
  [`POST ${authEndpoints.login.path}`]: 'password',
  [`POST ${authEndpoints.verifyCode.path}`]: 'code',
  [`POST ${ssoEndpoints.complete.path}`]: 'sso',
  [`GET ${SSO_CALLBACK_PATH}`]: 'sso',
};

/** Every path no route knows: one series, whatever was asked. */
const UNMATCHED = '(unmatched)';
const OAUTH_WILDCARD = '/oauth/*';

/** The route a request matched, as a metric label: its pattern, so that ids never make new series. */
export function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return UNMATCHED;
  // The OAuth server's routes, behind one wildcard: its router's pattern, or unmatched.
  if (route === OAUTH_WILDCARD) return routePatternOf(request.raw) ?? UNMATCHED;
  // The console's files each get a route of their own; as one label they stay a handful of series.
  if ((request.routeOptions.config as { file?: unknown }).file !== undefined) return '(console file)';
  return route;
}

/** The error code a redirect back to the login page carries (single sign-on answers redirects). */
function redirectOutcome(reply: FastifyReply): { error?: string; pending: boolean } {
  const location = reply.getHeader('location');
  if (typeof location !== 'string') return { pending: false };
  const query = new URLSearchParams(location.split('?')[1] ?? '');
  return {
    error: query.get(SSO_LOGIN_QUERY.error) ?? undefined,
    pending: query.has(SSO_LOGIN_QUERY.ticket),
  };
}

/** Whether an answer is an abuse limit's refusal: a 429, or a sign-on redirect that says so. */
export function isLimitRefusal(reply: FastifyReply): boolean {
  if (reply.statusCode === 429) return true;
  return reply.statusCode >= 300 && reply.statusCode < 400 && redirectOutcome(reply).error === 'RATE_LIMITED';
}

/**
 * How a sign-in call ended; null for other calls, and for a provider sign-in that goes on to its
 * TOTP step (counted when that step ends).
 */
export function signInOutcome(
  request: FastifyRequest,
  reply: FastifyReply,
): { method: SignInMethod; outcome: SignInOutcome } | null {
  const method = SIGN_IN_ROUTES[`${request.method} ${request.routeOptions.url}`];
  if (!method) return null;
  if (isLimitRefusal(reply)) return { method, outcome: 'limited' };
  if (reply.statusCode >= 300 && reply.statusCode < 400) {
    const { error, pending } = redirectOutcome(reply);
    if (error) return { method, outcome: 'failure' };
    return pending ? null : { method, outcome: 'success' };
  }
  return { method, outcome: reply.statusCode < 300 ? 'success' : 'failure' };
}
