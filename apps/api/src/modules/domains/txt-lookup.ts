import { Resolver } from 'node:dns/promises';

/**
 * What one TXT look-up found, in the terms the domain's state needs: the values (each record's strings
 * joined, as RFC 7208 reads a long record), or why there were none. `not-found` and `no-txt` are
 * answers (the record is not there); `timeout` and `failed` are not (nothing is known).
 */
export type TxtLookup =
  | { kind: 'found'; values: string[] }
  | { kind: 'not-found' | 'no-txt' | 'timeout'; values: [] }
  | { kind: 'failed'; code: string; values: [] };

export type LookUpTxt = (name: string) => Promise<TxtLookup>;

/** c-ares codes (node:dns) of an answer that says the name or its TXT records do not exist. */
const NO_NAME = new Set(['ENOTFOUND']);
const NO_DATA = new Set(['ENODATA']);
const TIMED_OUT = new Set(['ETIMEOUT', 'ECANCELLED']);

/**
 * TXT look-ups through a resolver of their own: the configured servers (DNS_SERVERS) or the system's,
 * one try each with the configured time-out, so that Verify answers within it. A fresh Resolver per
 * look-up: a cancel (the safety net below) ends every query of its resolver.
 */
export function createTxtLookup(options: { servers: string[]; timeoutMs: number }): LookUpTxt {
  return async function lookUp(name) {
    const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
    if (options.servers.length > 0) resolver.setServers(options.servers);
    // c-ares gives up after the time-out itself; this ends a look-up that somehow outlives it.
    const guard = setTimeout(() => resolver.cancel(), options.timeoutMs * 2);
    try {
      const records = await resolver.resolveTxt(name);
      return { kind: 'found', values: records.map((chunks) => chunks.join('')) };
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? 'EUNKNOWN');
      if (NO_NAME.has(code)) return { kind: 'not-found', values: [] };
      if (NO_DATA.has(code)) return { kind: 'no-txt', values: [] };
      if (TIMED_OUT.has(code)) return { kind: 'timeout', values: [] };
      return { kind: 'failed', code, values: [] };
    } finally {
      clearTimeout(guard);
    }
  };
}
