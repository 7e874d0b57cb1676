import { systemEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { route } from '../../lib/route.js';
import type { ConnectionService } from '../connections/index.js';
import type { TenantService } from '../tenants/index.js';

export async function systemRoutes(
  app: FastifyInstance,
  {
    config,
    tenants,
    connections,
  }: { config: Config; tenants: TenantService; connections: Pick<ConnectionService, 'salesforceAvailable'> },
) {
  // Public, read before sign-in: the login page offers signing up only when SIGNUP_MODE is open.
  route(app, systemEndpoints.brand, async () => ({ brand: config.brand, signUp: config.signUpMode }));

  // Only the services this tenant has, and only those with a configured URL.
  route(app, systemEndpoints.links, async ({ actor }) => {
    const tenant = await tenants.get(actor.tenantId);
    return Object.fromEntries(
      tenant.services.flatMap((key) => (config.serviceUrls[key] ? [[key, config.serviceUrls[key]]] : [])),
    );
  });

  // The address the SCIM plugin answers on (modules/scim: PUBLIC_URL + /scim/v2).
  route(app, systemEndpoints.provisioning, async () => ({ scimBaseUrl: `${config.publicUrl}/scim/v2` }));

  // What only the operator can change, said before an administrator fills a form that would fail.
  route(app, systemEndpoints.capabilities, async () => ({
    salesforceConnections: connections.salesforceAvailable(),
    supportContact: config.supportContact,
  }));

  route(app, systemEndpoints.analytics, async () => ({
    token: config.analytics.token,
    host: config.analytics.host,
    isEnabled: Boolean(config.analytics.token && config.analytics.host),
  }));
}
