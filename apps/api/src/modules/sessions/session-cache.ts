import type { SessionUser } from '@skyvault/contract';
import type { findByTokenHash } from './sessions.repository.js';

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findByTokenHash>>>;

interface Entry {
  hash: string;
  row: SessionRow;
  until: number;
  /** What GET /auth/session answered for it, so that the console's polling reads nothing. */
  user?: SessionUser;
}

/** Entries beyond this many push out the oldest: a bound on memory whatever the traffic. */
const MAX_ENTRIES = 10_000;

/**
 * The sessions this process resolved in the last `ttlMs` (at most one second), by token hash, so that
 * a client calling many times a second costs the database one look-up a second instead of one a call.
 *
 * Why that is safe: every check that can refuse a session (expiry, idle time, a disabled user or
 * tenant, the network ranges) still runs on every call against the kept row; what the row may miss
 * is a change made since it was read. This process forgets everything at once when it changes
 * anything (`forget`, on every state-changing call and every session ended here), so its own next call
 * sees the change; another process's entry is older than `ttlMs` within `ttlMs`, so a session ended,
 * a user disabled or demoted, or a range added anywhere is honoured everywhere within a second.
 */
export function createSessionCache(ttlMs: number) {
  const byHash = new Map<string, Entry>();
  const bySession = new Map<string, Entry>();
  const remove = (entry: Entry) => {
    byHash.delete(entry.hash);
    bySession.delete(entry.row.id);
  };
  const live = (entry: Entry | undefined) => {
    if (entry && entry.until > Date.now()) return entry;
    if (entry) remove(entry);
    return undefined;
  };
  return {
    row: (hash: string) => live(byHash.get(hash))?.row,
    keep(hash: string, row: SessionRow) {
      if (ttlMs <= 0) return;
      if (byHash.size >= MAX_ENTRIES) remove(byHash.values().next().value!);
      const entry = { hash, row, until: Date.now() + ttlMs };
      byHash.set(hash, entry);
      bySession.set(row.id, entry);
    },
    user: (sessionId: string) => live(bySession.get(sessionId))?.user,
    keepUser(sessionId: string, user: SessionUser) {
      const entry = live(bySession.get(sessionId));
      if (entry) entry.user = user;
    },
    drop(hash: string) {
      const entry = byHash.get(hash);
      if (entry) remove(entry);
    },
    forget() {
      byHash.clear();
      bySession.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
