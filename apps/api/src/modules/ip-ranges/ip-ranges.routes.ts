import { ipRangeEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { IpRangeService } from './ip-ranges.service.js';

/** Network access: administrators only (the endpoints declare it). */
export async function ipRangeRoutes(app: FastifyInstance, { ipRanges }: { ipRanges: IpRangeService }) {
  route(app, ipRangeEndpoints.list, ({ actor, query, request }) => ipRanges.list(actor, query, request.ip));
  route(app, ipRangeEndpoints.get, ({ actor, params }) => ipRanges.get(actor, params.id));
  route(app, ipRangeEndpoints.create, ({ actor, body, request }) =>
    ipRanges.create(actor, requestMeta(request), body),
  );
  route(app, ipRangeEndpoints.update, ({ actor, params, body, request }) =>
    ipRanges.update(actor, requestMeta(request), params.id, body),
  );
  route(app, ipRangeEndpoints.remove, ({ actor, params, request }) =>
    ipRanges.remove(actor, requestMeta(request), params.id),
  );
}
