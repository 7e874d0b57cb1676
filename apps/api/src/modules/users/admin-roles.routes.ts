import { adminRoleEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { AdminRoleService } from './admin-roles.service.js';

/**
 * Administrator roles of users and groups, and grants for a time: read with admin-roles:read, changed
 * with admin-roles:write (the endpoints declare it).
 */
export async function adminRoleRoutes(
  app: FastifyInstance,
  { adminRoles }: { adminRoles: AdminRoleService },
) {
  route(app, adminRoleEndpoints.ofUser, ({ actor, params }) => adminRoles.ofUser(actor, params.id));
  route(app, adminRoleEndpoints.setOfUser, ({ actor, params, body, request }) =>
    adminRoles.set(actor, requestMeta(request), params.id, body.adminRoles),
  );
  route(app, adminRoleEndpoints.grantTemporary, ({ actor, params, body, request }) =>
    adminRoles.grantTemporary(actor, requestMeta(request), params.id, body),
  );
  route(app, adminRoleEndpoints.endTemporary, ({ actor, params, request }) =>
    adminRoles.endTemporary(actor, requestMeta(request), params.id, params.grantId),
  );
  route(app, adminRoleEndpoints.ofGroup, ({ actor, params }) => adminRoles.ofGroup(actor, params.id));
  route(app, adminRoleEndpoints.setOfGroup, ({ actor, params, body, request }) =>
    adminRoles.setOfGroup(actor, requestMeta(request), params.id, body.adminRoles),
  );
}
