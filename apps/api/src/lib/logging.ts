import type { FastifyRequest } from 'fastify';

/** Query parameters and path segments that carry one-time secrets; they never reach a log line. */
const SECRET_PARAMS = /^(code|token|state|client_secret|password|id_token_hint|refresh_token|access_token)$/i;
const SECRET_PATH = /(\/change-password\/|\/verify-email\/)[^/?]+/g;

export function safeUrl(url: string): string {
  const [pathPart = '', query] = url.split('?', 2);
  const path = pathPart.replace(SECRET_PATH, '$1[redacted]');
  if (!query) return path;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
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
