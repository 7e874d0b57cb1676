import { applicationEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { ApplicationService } from './applications.service.js';

/** Connected apps: administrators only (the endpoints declare it). */
export async function applicationRoutes(
  app: FastifyInstance,
  { applications }: { applications: ApplicationService },
) {
  route(app, applicationEndpoints.list, ({ actor, query }) => applications.list(actor, query));
  route(app, applicationEndpoints.get, ({ actor, params }) => applications.get(actor, params.id));
  route(app, applicationEndpoints.create, ({ actor, body, request }) =>
    applications.create(actor, requestMeta(request), body),
  );
  route(app, applicationEndpoints.update, ({ actor, params, body, request }) =>
    applications.update(actor, requestMeta(request), params.id, body),
  );
  route(app, applicationEndpoints.enable, ({ actor, params, request }) =>
    applications.enable(actor, requestMeta(request), params.id),
  );
  route(app, applicationEndpoints.disable, ({ actor, params, request }) =>
    applications.disable(actor, requestMeta(request), params.id),
  );
  route(app, applicationEndpoints.regenerate, ({ actor, params, request }) =>
    applications.regenerate(actor, requestMeta(request), params.id),
  );
  route(app, applicationEndpoints.remove, ({ actor, params, request }) =>
    applications.remove(actor, requestMeta(request), params.id),
  );
}
