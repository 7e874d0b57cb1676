import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';

/** How long a browser stays known for an address after it signed in or proved the mailbox. */
const KNOWN_DAYS = 90;

/**
 * `__Secure-` rather than `__Host-`: the cookie goes to the sign-in calls only (the login's under
 * /api/v1/auth and the single sign-on's under /api/v1/sso, where the unusual sign-in check reads it),
 * not to every path.
 */
const cookieName = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https:') ? '__Secure-skyvault_known' : 'skyvault_known';

const COOKIE_PATH = '/api/v1';

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
  const https = config.publicUrl.startsWith('https:');
  reply.setCookie(cookieName(config), `${expires}.${proofOf(secrets, email, expires)}`, {
    path: COOKIE_PATH,
    httpOnly: true,
    // Sent with single sign-on's answers too, which come from the provider's site: the OpenID callback
    // (a top-level GET) and the SAML POST to the ACS, which carries only a SameSite=None cookie (as the
    // SAML browser key, sso-browser.ts). It proves the browser and nothing else: it authorizes no call.
    // SameSite=None needs Secure, which a browser keeps only over HTTPS (and on localhost): on a plain
    // HTTP address (a trial on a private host) it is Lax, which the OpenID callback still carries.
    sameSite: https ? 'none' : 'lax',
    secure: https,
    maxAge: KNOWN_DAYS * 86_400,
  });
}

/**
 * Every value the browser sends under the cookie's name: one set by a release before this one (path
 * /api/v1/auth) may come beside the current one (path /api/v1) until it expires, and the parsed cookies
 * keep only the first.
 */
function valuesOf(request: FastifyRequest, name: string): string[] {
  const header = request.headers.cookie ?? '';
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}

/** Whether the request comes from a browser known for this address. */
export function isKnownBrowser(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl'>,
  secrets: SecretBox,
  email: string,
): boolean {
  return valuesOf(request, cookieName(config)).some((value) => {
    const [expires, proof] = value.split('.');
    const until = Number(expires);
    if (!proof || !Number.isInteger(until) || until * 1000 <= Date.now()) return false;
    return secrets.macEquals(`known-browser:${email.toLowerCase()}:${until}`, proof);
  });
}

/** The check for a sign-in that learns the address only once it succeeds (passkey, single sign-on). */
export const knownBrowserCheck =
  (request: FastifyRequest, config: Pick<Config, 'publicUrl'>, secrets: SecretBox) => (email: string) =>
    isKnownBrowser(request, config, secrets, email);
