import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Actor } from '../lib/context.js';
import type { SessionService } from '../modules/sessions/sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, from the session cookie only; null for visitors. */
    actor: Actor | null;
  }
}

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

/** Resolves the session cookie of every API request into request.actor. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, { config, sessions }: { config: Config; sessions: SessionService }) => {
    const name = sessionCookieName(config);
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[name];
      if (!token) return;
      request.actor = await sessions.resolve(token);
      // A cookie whose session has ended is removed, so the browser stops sending it.
      if (!request.actor) clearSessionCookie(reply, config);
    });
  },
  { name: 'session', dependencies: ['security'] },
);
