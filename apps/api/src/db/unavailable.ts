import { causeChain } from '../lib/causes.js';

/**
 * Whether a failed query failed because the database could not be reached, rather than because of the
 * query: the request may then succeed when asked again, so the API answers 503 with Retry-After instead
 * of 500. Both drivers' errors arrive wrapped (drizzle's query error, a transaction's rollback), so the
 * whole cause chain is read.
 */

/** Socket errors of a connection that was refused, dropped or never answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL's own: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting
 * up, shutting down, in recovery); class 08 is every connection exception.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);

/**
 * What node-postgres says, without a code, when a connection ends under it or the pool cannot hand one
 * out in time; and PGlite once its instance is closed (or closing).
 */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is clos(ed|ing)/,
];

const reachedNoDatabase = (error: object): boolean => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08...$/.test(code)))
    return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
};

/** Seconds a caller is told to wait while the database cannot be reached: a restart or a failover. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Whether `test` holds for the error or any error in its cause chain. */
function anyCause(error: unknown, test: (error: object) => boolean): boolean {
  return causeChain(error).some(
    (e) =>
      test(e) ||
      // Several addresses tried at once (localhost as ::1 and 127.0.0.1) fail together.
      (e instanceof AggregateError && e.errors.some((inner) => anyCause(inner, test))),
  );
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return anyCause(error, reachedNoDatabase);
}

/**
 * PostgreSQL gave the transaction up because of another one, not because of the request: 40P01 a
 * deadlock (one of the two is chosen), 55P03 a lock not had within lock_timeout (a migration holding a
 * table a moment, during an upgrade), 40001 a serialization failure. The same request succeeds when
 * asked again, so the API answers 503 DATABASE_BUSY with a short Retry-After, not 500.
 */
const BUSY_CODES = new Set(['40P01', '55P03', '40001']);

/** Seconds a caller is told to wait after a lock conflict: the other transaction ends in moments. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

export function isDatabaseBusy(error: unknown): boolean {
  return anyCause(error, (e) => {
    const { code } = e as { code?: unknown };
    return typeof code === 'string' && BUSY_CODES.has(code);
  });
}
