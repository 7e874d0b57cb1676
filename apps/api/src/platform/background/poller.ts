import type { FastifyBaseLogger } from 'fastify';

/** The delay before attempt `attempts + 1`: doubling from the first delay, capped, ±20 % jitter. */
export function retryDelay(
  attempts: number,
  schedule: { firstDelayMs: number; maxDelayMs: number },
  random = Math.random,
): number {
  const base = Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The loop of a background sender (the mail outbox, the webhook dispatcher): `pass` sends what is due,
 * run at once on a nudge (after a commit that queued something) and every `pollMs` (what another
 * process left, what failed before); never two passes at a time in this process, and a nudge during a
 * pass runs another one after it. `pollMs` 0: this process never sends.
 */
export function createPoller(options: {
  pollMs: number;
  pass: () => Promise<unknown>;
  log: FastifyBaseLogger;
  /** What the log says when a pass fails (the database was away, say); the next poll tries again. */
  failure: string;
}) {
  const { pollMs, pass, log, failure } = options;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  function nudge(): void {
    if (stopped || pollMs === 0) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .then(
        () => {},
        (error: unknown) => log.warn({ err: error }, failure),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          nudge();
        }
      });
  }

  return {
    nudge,
    /** Whether a stop was asked: a pass ends at its next safe point. */
    isStopped: () => stopped,
    /** Sends what is due now and then every pollMs; the returned function stops at a safe point. */
    start(): () => Promise<void> {
      if (pollMs === 0) return async () => {};
      const timer = setInterval(nudge, pollMs);
      timer.unref();
      nudge();
      return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
      };
    },
  };
}
