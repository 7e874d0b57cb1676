import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets or single-use values binding a sign-in to its browser; they
 * never reach a log line. OAuth's own (code, state, nonce, code_verifier, tokens, client credentials,
 * signed request objects), ours (ssoTicket: the TOTP step of a provider sign-in) and passwords.
 */
const SECRET_PARAMS =
  /^(code|token|state|nonce|code_verifier|client_secret|client_assertion|password|id_token_hint|refresh_token|access_token|request|ssoTicket)$/i;
const SECRET_PATH = /(\/change-password\/|\/verify-email\/)[^/?]+/g;

export function safeUrl(url: string): string {
  const [pathPart = '', query] = url.split('?', 2);
  const path = pathPart.replace(SECRET_PATH, '$1[redacted]');
  if (!query) return path;
  const params = new URLSearchParams(query);
  for (const [key, value] of [...params]) {
    if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
    // A return path (redirectTo=/oauth/authorize?...&nonce=...) carries the secrets of the request it resumes.
    else if (value.startsWith('/') && value.includes('?')) params.set(key, safeUrl(value));
  }
  return `${path}?${params.toString()}`;
}

/** Request log lines: no headers (cookies, authorization), no bodies, no secrets in the URL. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: safeUrl(request.url),
    ip: request.ip,
    id: request.id,
  }),
};
