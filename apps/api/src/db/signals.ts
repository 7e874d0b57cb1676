import pg from 'pg';

/** How long a lost listening connection waits before it connects again, doubling up to the maximum. */
const RETRY_MS = { first: 250, max: 10_000 };

export interface Signals {
  /** Calls `handler` whenever the channel is notified, and after a reconnection (a signal may be lost). */
  on(channel: string, handler: () => void): void;
  close(): Promise<void>;
}

/**
 * PostgreSQL's LISTEN on one connection of its own, for what every process must hear at once: the
 * database's triggers NOTIFY when a change commits (migration 0015), whichever process made it. A
 * lost connection is made again; since a notification sent meanwhile is gone, every handler is called
 * on reconnecting, as if it had been.
 */
export function listenForSignals(url: string): Signals {
  const handlers = new Map<string, Set<() => void>>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MS.first;
  /** A connection was lost since the last one was made: what was notified meanwhile is unknown. */
  let lost = false;
  let retry: NodeJS.Timeout | undefined;

  const callAll = (channel?: string) => {
    for (const [name, set] of handlers)
      if (!channel || name === channel) for (const handler of set) handler();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    next.on('notification', (message) => callAll(message.channel));
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      retryMs = RETRY_MS.first;
      if (lost) {
        lost = false;
        callAll();
      }
    } catch {
      reconnect(next);
    }
  }

  function reconnect(gone: pg.Client) {
    gone.removeAllListeners('end');
    gone.end().catch(() => {});
    if (client === gone) client = null;
    if (closed || retry) return;
    lost = true;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  }

  const ready = connect();
  return {
    on(channel, handler) {
      const known = handlers.get(channel);
      if (known) {
        known.add(handler);
        return;
      }
      handlers.set(channel, new Set([handler]));
      void ready.then(() => client?.query(`listen ${pg.escapeIdentifier(channel)}`).catch(() => {}));
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
