import { domainEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { DomainService } from './domains.service.js';

/** Security → Domains: administrators only (the endpoints declare it). */
export async function domainRoutes(app: FastifyInstance, { domains }: { domains: DomainService }) {
  route(app, domainEndpoints.list, ({ actor }) => domains.list(actor));
  route(app, domainEndpoints.get, ({ actor, params }) => domains.get(actor, params.id));
  route(app, domainEndpoints.create, ({ actor, body, request }) =>
    domains.create(actor, requestMeta(request), body),
  );
  route(app, domainEndpoints.verify, ({ actor, params, request }) =>
    domains.verify(actor, requestMeta(request), params.id),
  );
  route(app, domainEndpoints.remove, ({ actor, params, request }) =>
    domains.remove(actor, requestMeta(request), params.id),
  );
}
