import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Actor } from '../lib/context.js';
import { AppError } from '../lib/errors.js';
import type { SessionService } from '../modules/sessions/sessions.service.js';
import { isApiRequest } from './security.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, from the session cookie only; null for visitors. */
    actor: Actor | null;
  }
}

/** Public endpoints declare no security (lib/route.ts); the rest need a session. */
const isPublicRoute = (request: FastifyRequest) => {
  const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
  return !Array.isArray(security) || security.length === 0;
};

/** Behind HTTPS the cookie gets the __Host- prefix: Secure, Path=/, no Domain — it cannot be planted by a subdomain. */
export const sessionCookieName = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https:') ? '__Host-skyvault_session' : 'skyvault_session';

export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
  });
}

/**
 * Resolves the session cookie of every API request into request.actor, enforcing the tenant's network
 * access (request.ip honours TRUST_PROXY): from outside its ranges, calls that need a session answer 403
 * IP_NOT_ALLOWED, and public ones (login, brand) see a visitor, so the login page still works.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, { config, sessions }: { config: Config; sessions: SessionService }) => {
    const name = sessionCookieName(config);
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRequest(request)) return;
      const token = request.cookies[name];
      if (!token) return;
      try {
        request.actor = await sessions.resolve(token, request.ip);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'IP_NOT_ALLOWED') || !isPublicRoute(request))
          throw error;
        return;
      }
      // A cookie whose session has ended is removed, so the browser stops sending it.
      if (!request.actor) clearSessionCookie(reply, config);
    });
  },
  { name: 'session', dependencies: ['security'] },
);
