import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTenantWithUser, type TestApp, testConfig } from '../test/app.js';
import { openTestDatabase } from '../test/database.js';
import { buildApp } from './app.js';
import type { Database } from './db/client.js';
import { groups } from './db/schema/index.js';
import { insertRole } from './modules/groups/groups.test-helpers.js';
import { createShutdown } from './shutdown.js';

interface Answer {
  status?: number;
  connection?: string;
  body?: { id?: string };
  /** A failure to get any answer: the socket's error code. */
  error?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request over real TCP, resolved with its answer or with the error that stood in for one. */
function send(
  port: number,
  agent: http.Agent,
  options: { method: string; path: string; cookie?: string; body?: unknown },
): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: options.method,
        path: options.path,
        headers: {
          'x-requested-with': 'skyvault-console',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            connection: response.headers.connection,
            body: text ? (JSON.parse(text) as Answer['body']) : undefined,
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end(payload);
  });
}

describe('graceful shutdown', () => {
  it('SIGTERM during concurrent writes: every request answered (2xx or 503), none reset, every 2xx write kept', async () => {
    const opened = await openTestDatabase();
    // The app closes the database at the end of its shutdown; the test reads it afterwards, then closes it.
    let closedByApp = false;
    const slowTenants = new Set<string>();
    const database: Database = {
      ...opened,
      // One tenant's writes take long, so that one request is still in flight when the server stops.
      tenant: async (tenantId, fn) => {
        if (slowTenants.has(tenantId)) await sleep(1500);
        return opened.tenant(tenantId, fn);
      },
      close: async () => {
        closedByApp = true;
      },
    };
    const config = testConfig();
    const app = await buildApp(config, { database, logger: false });
    const t: TestApp = { app, database, config, close: () => app.close() };
    const exits: number[] = [];
    try {
      const writer = await createTenantWithUser(t);
      const slowWriter = await createTenantWithUser(t);
      const roleId = await insertRole(t, writer.tenantId, 'Writers');
      const slowRoleId = await insertRole(t, slowWriter.tenantId, 'Writers');
      slowTenants.add(slowWriter.tenantId);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;

      const drainMs = 2000;
      const shutdown = createShutdown({ app, drainMs, timeoutMs: 20_000, exit: (code) => exits.push(code) });
      // Eight writers on kept-alive connections, as a browser or a proxy would hold them.
      const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const oneOff = new http.Agent({ keepAlive: false });
      const write = (agent: http.Agent, name: string, who = writer, role = roleId) =>
        send(port, agent, {
          method: 'POST',
          path: '/api/v1/groups',
          cookie: who.cookie,
          body: { name, roleId: role },
        });

      let answered = 0;
      let signalled: Promise<void> | undefined;
      let readiness: Answer | undefined;
      const signal = async () => {
        signalled = shutdown('SIGTERM');
        readiness = await send(port, oneOff, { method: 'GET', path: '/readyz' });
      };
      const firstWave = Array.from({ length: 24 }, (_, i) =>
        write(keptAlive, `Before ${i}`).then((answer) => {
          answered += 1;
          // The signal comes in the middle of the writes.
          if (answered === 8) void signal();
          return answer;
        }),
      );
      while (!signalled) await sleep(5);
      // During the drain the server still accepts: a load balancer may not have noticed yet.
      const secondWave = Array.from({ length: 16 }, (_, i) => write(oneOff, `During ${i}`));
      // A client that connected during the drain and sends its request only after the server stopped
      // listening: it gets its answer, not a reset (Node's own close treats such a connection as idle).
      const late = net.connect(port, '127.0.0.1');
      late.on('error', () => {});
      const lateAnswer = new Promise<string>((resolve) => {
        let text = '';
        late.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
        });
        late.on('close', () => resolve(text));
      });
      await sleep(drainMs - 500);
      // Still in flight when the drain ends and the server stops listening.
      const inFlight = write(oneOff, 'In flight', slowWriter, slowRoleId);
      await sleep(900);
      const refused = await send(port, oneOff, { method: 'GET', path: '/healthz' });
      late.end('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

      const answers = [...(await Promise.all([...firstWave, ...secondWave])), await inFlight];
      await signalled;

      expect(readiness).toMatchObject({
        status: 503,
        body: { status: 'unavailable', reason: 'shutting down' },
      });
      expect(answers.filter((answer) => answer.error)).toEqual([]);
      for (const answer of answers) expect([201, 503]).toContain(answer.status);
      // Once the shutdown began, no answer invites the client to keep its connection.
      const duringDrain = await Promise.all(secondWave);
      expect(duringDrain.map((answer) => answer.connection)).toEqual(duringDrain.map(() => 'close'));
      expect(await inFlight).toMatchObject({ status: 201, connection: 'close' });
      // New connections are refused once the drain is over, while the last write still finishes.
      expect(refused.error).toBe('ECONNREFUSED');
      expect(await lateAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*connection: close/i);
      expect(exits).toEqual([0]);
      expect(closedByApp).toBe(true);

      const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.body?.id);
      expect(acknowledged.length).toBeGreaterThan(0);
      const stored = [
        ...(await opened.tenant(writer.tenantId, (tx) =>
          tx.select({ id: groups.id }).from(groups).where(eq(groups.tenantId, writer.tenantId)),
        )),
        ...(await opened.tenant(slowWriter.tenantId, (tx) =>
          tx.select({ id: groups.id }).from(groups).where(eq(groups.tenantId, slowWriter.tenantId)),
        )),
      ].map((row) => row.id);
      for (const id of acknowledged) expect(stored).toContain(id);
      keptAlive.destroy();
    } finally {
      if (exits.length === 0) await app.close();
      await opened.close();
    }
  }, 60_000);
});
