import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';

/** How long a browser stays known for an address after it signed in or proved the mailbox. */
const KNOWN_DAYS = 90;

/** `__Secure-` rather than `__Host-`: the cookie goes to the login calls only, not to every path. */
const cookieName = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https:') ? '__Secure-skyvault_known' : 'skyvault_known';

const proofOf = (secrets: SecretBox, email: string, expires: number) =>
  secrets.mac(`known-browser:${email.toLowerCase()}:${expires}`);

/**
 * A browser that signed in as an address, or proved its mailbox with an e-mailed code, gets this
 * cookie (a keyed MAC of the address and an expiry, nothing stored). Guesses from elsewhere make an
 * account wait longer and longer between attempts; its owner's known browser does not wait for them,
 * so nobody can lock another person out by failing on purpose (OWASP's device cookies).
 */
export function rememberBrowser(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  secrets: SecretBox,
  email: string,
): void {
  const expires = Math.floor(Date.now() / 1000) + KNOWN_DAYS * 86_400;
  reply.setCookie(cookieName(config), `${expires}.${proofOf(secrets, email, expires)}`, {
    path: '/api/v1/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: KNOWN_DAYS * 86_400,
  });
}

/** Whether the request comes from a browser known for this address. */
export function isKnownBrowser(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl'>,
  secrets: SecretBox,
  email: string,
): boolean {
  const [expires, proof] = (request.cookies[cookieName(config)] ?? '').split('.');
  const until = Number(expires);
  if (!proof || !Number.isInteger(until) || until * 1000 <= Date.now()) return false;
  return secrets.macEquals(`known-browser:${email.toLowerCase()}:${until}`, proof);
}
