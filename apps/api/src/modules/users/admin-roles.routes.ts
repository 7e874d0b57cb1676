import { adminRoleEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { AdminRoleService } from './admin-roles.service.js';

/** A user's administrator roles: read with admin-roles:read, set with admin-roles:write (the endpoints declare it). */
export async function adminRoleRoutes(
  app: FastifyInstance,
  { adminRoles }: { adminRoles: AdminRoleService },
) {
  route(app, adminRoleEndpoints.ofUser, ({ actor, params }) => adminRoles.ofUser(actor, params.id));
  route(app, adminRoleEndpoints.setOfUser, ({ actor, params, body, request }) =>
    adminRoles.set(actor, requestMeta(request), params.id, body.adminRoles),
  );
}
