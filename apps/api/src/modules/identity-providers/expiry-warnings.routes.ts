import { expiringCredentialsEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { ExpiryWarnings } from './expiry-warnings.js';

/** The console's banner of providers whose credentials expire soon (administrators only). */
export async function expiryWarningRoutes(
  app: FastifyInstance,
  { expiryWarnings }: { expiryWarnings: ExpiryWarnings },
) {
  route(app, expiringCredentialsEndpoints.list, ({ actor }) => expiryWarnings.expiring(actor));
}
