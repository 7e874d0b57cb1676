import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { hasAllMigrations } from '../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The start of a graceful shutdown (shutdown.ts): readiness answers 503 from now on, so that the
     * load balancer stops sending, and every answer carries `Connection: close`, so that no client
     * keeps a connection that is about to go.
     */
    drain(): void;
  }
}

export const LIVENESS_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

/**
 * Liveness (the process answers) and readiness (its database answers and carries this build's
 * migrations), for load balancers and orchestrators. Outside /api, so no session or CSRF rule applies,
 * and logged only when something is wrong: probes come every few seconds.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance, { database }: { database: Database }) => {
    // Migrations are never undone: once seen applied, readiness only needs the database to answer.
    let migrated = false;
    let draining = false;
    app.decorate('drain', () => {
      draining = true;
    });
    // New requests from the start (on the raw response: some routes answer outside Fastify's reply),
    // and those already in flight when it began.
    app.addHook('onRequest', async (_request, reply) => {
      if (draining) reply.raw.setHeader('connection', 'close');
    });
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
    const probe = { schema: { hide: true }, logLevel: 'warn' as const };

    app.get(LIVENESS_PATH, probe, async () => ({ status: 'ok' }));
    app.get(READINESS_PATH, probe, async (_request, reply) => {
      if (draining) return reply.code(503).send({ status: 'unavailable', reason: 'shutting down' });
      try {
        await database.ping();
        migrated ||= await hasAllMigrations(database);
      } catch {
        return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable' });
      }
      if (!migrated) return reply.code(503).send({ status: 'unavailable', reason: 'migrations pending' });
      return { status: 'ok' };
    });
  },
  { name: 'health' },
);
