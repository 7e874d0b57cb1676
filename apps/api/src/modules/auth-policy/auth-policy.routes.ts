import { authPolicyEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { AuthPolicyService } from './auth-policy.service.js';

export async function authPolicyRoutes(
  app: FastifyInstance,
  { authPolicy }: { authPolicy: AuthPolicyService },
) {
  route(app, authPolicyEndpoints.get, ({ actor }) => authPolicy.get(actor));
  route(app, authPolicyEndpoints.update, ({ actor, body, request }) =>
    authPolicy.update(actor, requestMeta(request), body),
  );
}
