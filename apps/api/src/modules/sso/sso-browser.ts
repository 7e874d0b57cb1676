import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/**
 * Binds a provider sign-in to the browser that started it (OpenID Connect Core §15.5.2): the start
 * leaves a random key in an httpOnly cookie and sends its hash as the nonce, which is kept with the
 * state and comes back inside the ID token. A callback whose browser does not hold the key is refused,
 * so a callback link of someone else's round trip (their code, their account) signs nobody in here.
 */

/** Behind https the __Host- prefix (Secure, Path=/, no Domain): a subdomain cannot plant its own key. */
export const ssoBrowserCookieName = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https:') ? '__Host-skyvault_sso' : 'skyvault_sso';

/** The nonce that a browser key stands for: the key itself never leaves the browser and this server. */
export const nonceOf = (browserKey: string) => createHash('sha256').update(browserKey).digest('base64url');

export function newBrowserKey() {
  const browserKey = randomBytes(32).toString('base64url');
  return { browserKey, nonce: nonceOf(browserKey) };
}

/** Whether the browser's key is the one the round trip was started with. */
export const startedBy = (browserKey: string | undefined, nonce: string) =>
  !!browserKey && browserKey.length <= 256 && nonceOf(browserKey) === nonce;

/**
 * Lax, so that it comes back on the provider's top-level redirect to the callback. It lives as long as
 * the round trip and is left to expire: its key matches only a state that the callback consumes.
 */
export function setSsoBrowserCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  browserKey: string,
  maxAgeMs: number,
) {
  reply.setCookie(ssoBrowserCookieName(config), browserKey, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export const ssoBrowserKeyOf = (request: FastifyRequest, config: Pick<Config, 'publicUrl'>) =>
  request.cookies[ssoBrowserCookieName(config)];

/**
 * A SAML sign-in's browser key. The identity provider answers with a cross-site POST to our ACS, which
 * carries no SameSite=Lax cookie: this one is SameSite=None, and so Secure (browsers take Secure on
 * http://localhost too; any other deployment is behind https). httpOnly, for the round trip only.
 */
export const samlBrowserCookieName = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https:') ? '__Host-skyvault_saml' : 'skyvault_saml';

export function setSamlBrowserCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  browserKey: string,
  maxAgeMs: number,
) {
  reply.setCookie(samlBrowserCookieName(config), browserKey, {
    path: '/',
    httpOnly: true,
    sameSite: 'none',
    secure: true,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export const samlBrowserKeyOf = (request: FastifyRequest, config: Pick<Config, 'publicUrl'>) =>
  request.cookies[samlBrowserCookieName(config)];
