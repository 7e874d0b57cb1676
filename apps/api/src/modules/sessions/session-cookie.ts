import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';

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
