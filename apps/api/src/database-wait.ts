import { isDatabaseUnavailable } from './db/unavailable.js';
import { causeChain } from './lib/causes.js';

/**
 * A server started before its database (a container beside PostgreSQL, a pod before a failover ends)
 * waits for it instead of exiting: an orchestrator would only restart the process into the same
 * wait, with a longer pause each time. What waiting cannot fix stops the start with one line.
 */

/** The first wait, and the longest: each failed attempt doubles the wait up to the cap. */
export const FIRST_WAIT_MS = 1000;
export const LONGEST_WAIT_MS = 30_000;

/**
 * Beyond a database that cannot be reached now (db/unavailable.ts: refused, timed out, starting up,
 * shutting down): a host name that does not resolve yet (a compose or Kubernetes service not created
 * yet) and a server out of connections (53300). A refused password (28P01), an unknown role (28000)
 * or database (3D000), and anything else stop the start: no wait makes them right.
 */
const TRANSIENT_AT_START = new Set(['ENOTFOUND', 'EAI_AGAIN', '53300']);

/** The error of the driver (or of the socket), below the ORM's wrapper that names the parameters. */
function rootCause(error: unknown): { code?: string; message?: string } {
  const chain = causeChain(error);
  const current =
    chain.find((e) => typeof (e as { code?: unknown }).code === 'string') ?? chain.at(-1) ?? error;
  const { code, message } = (current ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : String(current),
  };
}

export function isWorthWaitingFor(error: unknown): boolean {
  const { code } = rootCause(error);
  return (code !== undefined && TRANSIENT_AT_START.has(code)) || isDatabaseUnavailable(error);
}

/** Why the database was not reached, in a few words: the wait's log line carries it. */
export function unreachableReason(error: unknown): string {
  const { code, message = '' } = rootCause(error);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
  if (code === 'ETIMEDOUT' || /timeout/i.test(message)) return 'timed out';
  if (code === 'ECONNRESET' || /^Connection terminated/.test(message)) return 'connection closed';
  return code && !/^[0-9A-Z]{5}$/.test(code) ? code : message || 'unknown error';
}

/** The line that stops a start on a database error that waiting does not fix (or on PGlite). */
export function describeDatabaseError(error: unknown, url: string | undefined): string {
  const { code, message } = rootCause(error);
  const where = url
    ? (() => {
        const u = new URL(url);
        return `${u.hostname}:${u.port || 5432}${u.pathname}`;
      })()
    : 'the embedded database';
  if (code === 'ECONNREFUSED') return `Cannot connect to PostgreSQL at ${where}: connection refused.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `Cannot connect to PostgreSQL at ${where}: unknown host.`;
  if (code === '3D000') return `PostgreSQL database ${where} does not exist.`;
  if (code === '28P01' || code === '28000') return `PostgreSQL refused the credentials for ${where}.`;
  if (code === '42501')
    return `PostgreSQL refused a privilege at ${where}: ${message}. A servers' role that may not change the schema (DATABASE_URL) leaves migrations to the owner: MIGRATE_DATABASE_URL, or \`node dist/migrate.js\` and MIGRATE_ON_START=false.`;
  // The driver's own message: the ORM's (its wrapper) would carry the statement's parameters.
  return `Cannot open ${where}: ${message}${code ? ` (${code})` : ''}`;
}

/** The wait after `failures` failed attempts: doubling from the first, capped, less up to half at random. */
export function waitAfter(failures: number, random: () => number = Math.random): number {
  const full = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, failures - 1));
  // Many servers started at once do not come back at the same instant.
  return Math.round(full / 2 + (random() * full) / 2);
}

export interface WaitOptions {
  /** Called after every failed attempt that is worth another: the reason and the wait before the next. */
  onWait: (reason: string, waitMs: number) => void;
  /** Aborted: the wait ends (a stop signal), and the last error is thrown. */
  signal?: AbortSignal;
  random?: () => number;
}

/** Runs `attempt` until it succeeds or fails for a reason that waiting does not fix. */
export async function untilReachable<T>(attempt: () => Promise<T>, options: WaitOptions): Promise<T> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isWorthWaitingFor(error) || options.signal?.aborted) throw error;
      const waitMs = waitAfter(failures, options.random);
      options.onWait(unreachableReason(error), waitMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        options.signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
      if (options.signal?.aborted) throw error;
    }
  }
}
