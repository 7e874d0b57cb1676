import { identityProviderEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { IdentityProviderService } from './identity-providers.service.js';

/** Identity providers: administrators only (the endpoints declare it), but for the login page's buttons. */
export async function identityProviderRoutes(
  app: FastifyInstance,
  { identityProviders }: { identityProviders: IdentityProviderService },
) {
  route(app, identityProviderEndpoints.list, ({ actor, query }) => identityProviders.list(actor, query));
  route(app, identityProviderEndpoints.get, ({ actor, params }) => identityProviders.get(actor, params.id));
  route(app, identityProviderEndpoints.loginButtons, ({ body, request }) =>
    identityProviders.loginButtons(body, requestMeta(request)),
  );
  route(app, identityProviderEndpoints.create, ({ actor, body, request }) =>
    identityProviders.create(actor, requestMeta(request), body),
  );
  route(app, identityProviderEndpoints.update, ({ actor, params, body, request }) =>
    identityProviders.update(actor, requestMeta(request), params.id, body),
  );
  route(app, identityProviderEndpoints.enable, ({ actor, params, request }) =>
    identityProviders.enable(actor, requestMeta(request), params.id),
  );
  route(app, identityProviderEndpoints.disable, ({ actor, params, request }) =>
    identityProviders.disable(actor, requestMeta(request), params.id),
  );
  route(app, identityProviderEndpoints.remove, ({ actor, params, request }) =>
    identityProviders.remove(actor, requestMeta(request), params.id),
  );
}
