import { API_TOKEN_MESSAGES } from '@skyvault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Actor } from '../lib/context.js';
import { AppError, unauthorized } from '../lib/errors.js';
import { type ApiTokenService, bearerTokenOf } from '../modules/api-tokens/index.js';
import { clearSessionCookie, type SessionService, sessionCookieName } from '../modules/sessions/index.js';
import { SUPPORT_TOKEN_PREFIX, type SupportAccess } from '../modules/support-access/index.js';
import { isApiRequest } from './security.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, from the session cookie or an API token only; null for visitors. */
    actor: Actor | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Public endpoints declare no security (lib/route.ts); the rest need a session. */
const isPublicRoute = (request: FastifyRequest) => {
  const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
  return !Array.isArray(security) || security.length === 0;
};

/**
 * Resolves the session cookie of every API request into request.actor, enforcing the tenant's network
 * access (request.ip honours TRUST_PROXY): from outside its ranges, calls that need a session answer 403
 * IP_NOT_ALLOWED, and public ones (login, brand) see a visitor, so the login page still works.
 *
 * A request with `Authorization: Bearer …` is judged by that alone (its cookie is ignored): a live API
 * token makes the tenant's service principal the actor; anything else answers 401 at once.
 */
export const sessionPlugin = fp(
  async (
    app: FastifyInstance,
    {
      config,
      sessions,
      apiTokens,
      supportAccess,
    }: { config: Config; sessions: SessionService; apiTokens: ApiTokenService; supportAccess: SupportAccess },
  ) => {
    const name = sessionCookieName(config);
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRequest(request)) return;
      const bearer = bearerTokenOf(request.headers.authorization);
      if (bearer !== undefined) {
        // A token refused with a reason of its own (its creator's MFA grace period is over) is invalid too.
        request.actor = await apiTokens.resolve(bearer, request.ip).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'INVALID_SESSION_EXCEPTION')
            reply.header('www-authenticate', 'Bearer error="invalid_token"');
          throw error;
        });
        if (!request.actor) {
          reply.header('www-authenticate', 'Bearer error="invalid_token"');
          throw unauthorized(API_TOKEN_MESSAGES.invalid);
        }
        return;
      }
      const token = request.cookies[name];
      if (!token) return;
      try {
        // A support session's token says so (modules/support-access): its grant is read on every call.
        request.actor = token.startsWith(SUPPORT_TOKEN_PREFIX)
          ? await supportAccess.resolve(token, request.ip)
          : await sessions.resolve(token, request.ip);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'IP_NOT_ALLOWED') || !isPublicRoute(request))
          throw error;
        return;
      }
      // A cookie whose session has ended is removed, so the browser stops sending it.
      if (!request.actor) clearSessionCookie(reply, config);
    });
    // A change may end or narrow a session (a user disabled or demoted, a range added): before its
    // answer leaves, this process forgets the sessions it keeps, so that no later call sees them as
    // they were (modules/sessions/session-cache.ts).
    app.addHook('onSend', async (request) => {
      if (!READS.has(request.method)) sessions.forgetResolved();
    });
  },
  { name: 'session', dependencies: ['security'] },
);
