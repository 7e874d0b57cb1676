import { createServer } from 'node:net';

/** Linux's default ephemeral range starts here (net.ipv4.ip_local_port_range: 32768–60999). */
const EPHEMERAL_FROM = 32_768;
const LOWEST = 20_000;

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A free port for a test server that is stopped and started again on it (an outage the test makes).
 * Not one the system picks: those come from the ephemeral range, where, while the server is down,
 * another test file's server listening on port 0 or an outgoing connection may take it, and the
 * restarted server would fail to bind or a check would reach someone else. Below that range only
 * servers asking for a port by number bind, and these ones are drawn at random.
 */
export async function restartablePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (EPHEMERAL_FROM - LOWEST));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${EPHEMERAL_FROM}`);
}
