import { permissionEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { PermissionService } from './permissions.service.js';

export async function permissionRoutes(
  app: FastifyInstance,
  { permissions }: { permissions: PermissionService },
) {
  route(app, permissionEndpoints.ofUser, ({ actor, params }) => permissions.ofUser(actor, params.id));
  route(app, permissionEndpoints.mine, ({ actor }) => permissions.mine(actor));
}
