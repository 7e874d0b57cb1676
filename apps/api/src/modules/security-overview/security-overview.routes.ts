import { securityOverviewEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { SecurityOverviewService } from './security-overview.service.js';

/** The security overview (the endpoint declares its permission, audit:read). */
export async function securityOverviewRoutes(
  app: FastifyInstance,
  { securityOverview }: { securityOverview: SecurityOverviewService },
) {
  route(app, securityOverviewEndpoints.get, ({ actor, query }) => securityOverview.get(actor, query.window));
}
