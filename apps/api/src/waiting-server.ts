import { createServer, type Server } from 'node:http';
import { ERROR_MESSAGES } from '@skyvault/contract';
import { DATABASE_RETRY_AFTER_SECONDS } from './db/unavailable.js';
import { LIVENESS_PATH, READINESS_PATH } from './plugins/health.js';

/**
 * What answers on PORT while a server waits for its database (database-wait.ts), before the app
 * exists: liveness 200, since the process is doing what it should and a restart would only wait again
 * (a Kubernetes startup or liveness probe on /healthz passes); readiness 503, so that no traffic is
 * sent; every other call the API's 503 with Retry-After, as during an outage once started.
 */
export function listenWhileWaiting(port: number, host: string): Promise<{ close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    const json = (status: number, body: object, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          ...headers,
        })
        .end(JSON.stringify(body));
    if (path === LIVENESS_PATH) return json(200, { status: 'ok' });
    if (path === READINESS_PATH) return json(503, { status: 'unavailable', reason: 'database unreachable' });
    return json(
      503,
      { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: ERROR_MESSAGES.DATABASE_UNAVAILABLE },
      { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS), connection: 'close' },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // A probe's kept-alive connection must not hold the port the app is about to take.
            server.closeAllConnections();
          }),
      });
    });
  });
}
