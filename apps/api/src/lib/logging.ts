import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Query parameters that carry secrets or single-use values binding a sign-in to its browser; they
 * never reach a log line. OAuth's own (code, state, nonce, code_verifier, tokens, client credentials,
 * signed request objects), ours (ssoTicket: the TOTP step of a provider sign-in; link: a support
 * session's one-time sign-in link) and passwords.
 */
const SECRET_PARAMS =
  /^(code|token|state|nonce|code_verifier|client_secret|client_assertion|password|id_token_hint|refresh_token|access_token|request|ssoTicket|link)$/i;
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

/** What is kept of the database's own error: its SQLSTATE and the objects it names, never a value. */
const DATABASE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint'];

const isQueryFailure = (error: Error): error is Error & { query: string } =>
  'query' in error && 'params' in error;
const isDatabaseError = (error: Error): error is Error & Record<string, unknown> =>
  typeof (error as { code?: unknown }).code === 'string' &&
  typeof (error as { severity?: unknown }).severity === 'string';

/**
 * An error as a log line carries it. A failed statement's error (the ORM's wrapper) names the
 * statement's parameters in its message and fields, and the driver's message and detail may quote a
 * value (`invalid input syntax for type uuid: "…"`, `Key (email)=(…) already exists`): for those the
 * line keeps the statement's text, the database's error code and the stack's frames, never a value.
 * Other errors are logged as pino logs them.
 */
export function loggableError(error: unknown) {
  let failed: (Error & { query: string }) | undefined;
  let database: (Error & Record<string, unknown>) | undefined;
  let link: unknown = error;
  for (let depth = 0; link instanceof Error && depth < 8; depth += 1, link = link.cause) {
    if (isQueryFailure(link)) failed ??= link;
    if (isDatabaseError(link)) database ??= link;
  }
  if (!(error instanceof Error) || (!failed && !database)) return stdSerializers.err(error as Error);
  return {
    type: error.name,
    message: failed ? `Failed query: ${failed.query}` : 'Database error',
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
    ...(database
      ? { database: Object.fromEntries(DATABASE_FIELDS.map((field) => [field, database[field]])) }
      : {}),
  };
}

/**
 * Request log lines: no headers (cookies, authorization), no bodies, no secrets in the URL; errors
 * without a statement's values (loggableError).
 */
export const logSerializers = {
  err: loggableError,
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: safeUrl(request.url),
    ip: request.ip,
    id: request.id,
  }),
};

/** An error in one line for a start that stops (stderr): a failed statement's text and code, no value. */
export function errorLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const logged = loggableError(error) as { message?: string; database?: { code?: unknown } };
  const code = logged.database?.code;
  return typeof code === 'string' ? `${logged.message} (${code})` : String(logged.message);
}
