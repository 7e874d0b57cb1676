import { groupMappingEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { GroupMappingService } from './group-mapping.service.js';

/** An identity provider's group mapping rules: administrators only (the endpoints declare it). */
export async function groupMappingRoutes(
  app: FastifyInstance,
  { groupMapping }: { groupMapping: GroupMappingService },
) {
  route(app, groupMappingEndpoints.get, ({ actor, params }) => groupMapping.get(actor, params.id));
  route(app, groupMappingEndpoints.replace, ({ actor, params, body, request }) =>
    groupMapping.replace(actor, requestMeta(request), params.id, body),
  );
}
