import { apiTokenEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { ApiTokenService } from './api-tokens.service.js';

/** API tokens: administrators with a signed-in session only (the endpoints declare it). */
export async function apiTokenRoutes(app: FastifyInstance, { apiTokens }: { apiTokens: ApiTokenService }) {
  route(app, apiTokenEndpoints.list, ({ actor }) => apiTokens.list(actor));
  route(app, apiTokenEndpoints.create, ({ actor, body, request }) =>
    apiTokens.create(actor, requestMeta(request), body),
  );
  route(app, apiTokenEndpoints.revoke, ({ actor, params, request }) =>
    apiTokens.revoke(actor, requestMeta(request), params.id),
  );
}
