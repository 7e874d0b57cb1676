import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  app: FastifyInstance;
  /** How long the server keeps accepting after readiness turned 503: the load balancer's reaction time. */
  drainMs: number;
  /** From the signal on, the most the whole shutdown may take before the process gives up on it. */
  timeoutMs: number;
  /** process.exit, or what a test puts in its place. */
  exit: (code: number) => void;
}

/**
 * The graceful shutdown of a server (SIGTERM, SIGINT), in the order that loses no request:
 * 1. readiness answers 503 at once, and every answer from now on carries `Connection: close`;
 * 2. the server keeps accepting for `drainMs`, while the load balancer takes it out of rotation;
 * 3. then it stops listening, finishes the requests in flight (a request that still arrives on an open
 *    connection gets 503), stops background work at a safe point and closes the database (the app's
 *    onClose hooks);
 * 4. exit 0, or 1 when that failed or took longer than `timeoutMs`.
 * A second signal cuts the drain short: the operator means it.
 */
export function createShutdown({ app, drainMs, timeoutMs, exit }: ShutdownOptions) {
  let shutdown: Promise<void> | undefined;
  let endDrain = () => {};
  return (signal: string): Promise<void> => {
    if (shutdown) {
      endDrain();
      return shutdown;
    }
    app.log.info({ signal, drainMs }, 'shutting down');
    app.drain();
    const giveUp = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took too long');
      exit(1);
    }, timeoutMs);
    const drained = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainMs);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    shutdown = drained
      .then(() => app.close())
      .then(
        () => {
          clearTimeout(giveUp);
          app.log.info('shut down');
          exit(0);
        },
        (error: unknown) => {
          clearTimeout(giveUp);
          app.log.error({ err: error }, 'shutdown failed');
          exit(1);
        },
      );
    return shutdown;
  };
}
