import { userMfaEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { UserMfaService } from './user-mfa.service.js';

/** An administrator's view and reset of a user's second factors. */
export async function userMfaRoutes(app: FastifyInstance, { userMfa }: { userMfa: UserMfaService }) {
  route(app, userMfaEndpoints.get, ({ actor, params }) => userMfa.get(actor, params.id));
  route(app, userMfaEndpoints.reset, ({ actor, params, request }) =>
    userMfa.reset(actor, requestMeta(request), params.id),
  );
}
