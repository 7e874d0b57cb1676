import { groupEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { GroupUsersService } from './group-users.service.js';
import type { GroupService } from './groups.service.js';

/** Groups and their users: administrators only (the endpoints declare it). */
export async function groupRoutes(
  app: FastifyInstance,
  { groups, groupUsers }: { groups: GroupService; groupUsers: GroupUsersService },
) {
  route(app, groupEndpoints.list, ({ actor, query }) => groups.list(actor, query));
  route(app, groupEndpoints.get, ({ actor, params }) => groups.get(actor, params.id));
  route(app, groupEndpoints.create, ({ actor, body, request }) =>
    groups.create(actor, requestMeta(request), body),
  );
  route(app, groupEndpoints.update, ({ actor, params, body, request }) =>
    groups.update(actor, requestMeta(request), params.id, body),
  );
  route(app, groupEndpoints.remove, ({ actor, params, request }) =>
    groups.remove(actor, requestMeta(request), params.id),
  );
  route(app, groupEndpoints.users, ({ actor, params, query }) => groupUsers.list(actor, params.id, query));
  route(app, groupEndpoints.addUsers, ({ actor, params, body, request }) =>
    groupUsers.add(actor, requestMeta(request), params.id, body),
  );
  route(app, groupEndpoints.removeUser, ({ actor, params, request }) =>
    groupUsers.remove(actor, requestMeta(request), params.id, params.userId),
  );
}
