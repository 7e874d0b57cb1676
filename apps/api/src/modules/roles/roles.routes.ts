import { roleEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { RolePermissionService } from './role-permissions.service.js';
import type { RoleService } from './roles.service.js';

/** Roles and their permissions: tenant administrators only (the endpoints declare it). */
export async function roleRoutes(
  app: FastifyInstance,
  { roles, rolePermissions }: { roles: RoleService; rolePermissions: RolePermissionService },
) {
  route(app, roleEndpoints.list, ({ actor, query }) => roles.list(actor, query));
  route(app, roleEndpoints.get, ({ actor, params }) => roles.get(actor, params.id));
  route(app, roleEndpoints.create, ({ actor, body, request }) =>
    roles.create(actor, requestMeta(request), body),
  );
  route(app, roleEndpoints.update, ({ actor, params, body, request }) =>
    roles.update(actor, requestMeta(request), params.id, body),
  );
  route(app, roleEndpoints.remove, ({ actor, params, request }) =>
    roles.remove(actor, requestMeta(request), params.id),
  );
  route(app, roleEndpoints.permissions, ({ actor, params }) => rolePermissions.get(actor, params.id));
  route(app, roleEndpoints.updatePermissions, ({ actor, params, body, request }) =>
    rolePermissions.update(actor, requestMeta(request), params.id, body),
  );
}
