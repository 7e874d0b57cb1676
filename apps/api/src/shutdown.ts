import type { Server } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  app: FastifyInstance;
  /** How long the server keeps accepting after readiness turned 503: the load balancer's reaction time. */
  drainMs: number;
  /**
   * After it stops listening, how long the server waits before it closes the connections that carry no
   * request: a client that connected just before may not have sent its request yet (default 1 s).
   */
  lingerMs?: number;
  /** From the signal on, the most the whole shutdown may take before the process gives up on it. */
  timeoutMs: number;
  /** process.exit, or what a test puts in its place. */
  exit: (code: number) => void;
}

/**
 * The graceful shutdown of a server (SIGTERM, SIGINT), in the order that loses no request:
 * 1. readiness answers 503 at once, and every answer from now on carries `Connection: close`;
 * 2. the server keeps accepting for `drainMs`, while the load balancer takes it out of rotation;
 * 3. then it stops listening and lingers: a connection accepted just before may carry a request that
 *    has not arrived yet, and Node's own close would reset it as idle; after `lingerMs` the connections
 *    without a request close, the requests in flight finish, and only then does the app close: background
 *    work stops at a safe point and the database closes (the app's onClose hooks);
 * 4. exit 0, or 1 when that failed or took longer than `timeoutMs`.
 * A second signal cuts the drain short: the operator means it.
 */
export function createShutdown({ app, drainMs, lingerMs = 1000, timeoutMs, exit }: ShutdownOptions) {
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
      .then(() => stopListening(app.server, lingerMs))
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

/**
 * Stops accepting connections without Node's close of idle ones (http.Server.close closes every
 * connection it has not read a request from yet, and a request already on its way then meets a reset);
 * waits `lingerMs`, closes the connections still without a request, and resolves once every
 * connection has closed: the requests in flight have had their answers, each with `Connection: close`.
 */
function stopListening(server: Server, lingerMs: number): Promise<void> {
  if (!server.listening) return Promise.resolve();
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  const idleClosed = new Promise<void>((resolve) =>
    setTimeout(() => {
      server.closeIdleConnections();
      resolve();
    }, lingerMs),
  );
  return Promise.all([closed, idleClosed]).then(() => undefined);
}
