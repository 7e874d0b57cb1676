import { systemEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { route } from '../../lib/route.js';
import type { TenantService } from '../tenants/tenants.service.js';

export async function systemRoutes(
  app: FastifyInstance,
  { config, database, tenants }: { config: Config; database: Database; tenants: TenantService },
) {
  route(app, systemEndpoints.brand, async () => ({ brand: config.brand }));

  // Only the services this tenant has, and only those with a configured URL.
  route(app, systemEndpoints.links, async ({ actor }) => {
    const tenant = await tenants.get(actor.tenantId);
    return Object.fromEntries(
      tenant.services.flatMap((key) => (config.serviceUrls[key] ? [[key, config.serviceUrls[key]]] : [])),
    );
  });

  route(app, systemEndpoints.analytics, async () => ({
    token: config.analytics.token,
    host: config.analytics.host,
    isEnabled: Boolean(config.analytics.token && config.analytics.host),
  }));

  // Liveness: the process answers. Readiness: it can reach its database.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
