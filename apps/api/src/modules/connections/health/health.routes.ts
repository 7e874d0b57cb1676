import { connectionEndpoints, connectionHealthEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route.js';
import type { ConnectionHealthService } from './health.service.js';

/**
 * The connection page's reads, Check now and the banner's list. `/unhealthy` is a static path, which
 * the router prefers to `/:id`.
 */
export async function connectionHealthRoutes(
  app: FastifyInstance,
  { connectionHealth }: { connectionHealth: ConnectionHealthService },
) {
  route(app, connectionHealthEndpoints.unhealthy, ({ actor }) => connectionHealth.unhealthy(actor));
  route(app, connectionEndpoints.get, ({ actor, params }) => connectionHealth.get(actor, params.id));
  route(app, connectionEndpoints.check, ({ actor, params }) => connectionHealth.check(actor, params.id));
  route(app, connectionHealthEndpoints.history, ({ actor, params }) =>
    connectionHealth.history(actor, params.id),
  );
}
