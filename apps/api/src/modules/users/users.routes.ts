import { userEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { UserService } from './users.service.js';

/** The tenant's users: administrators only (the endpoints declare it). */
export async function userRoutes(app: FastifyInstance, { users }: { users: UserService }) {
  route(app, userEndpoints.list, ({ actor, query }) => users.list(actor, query));
  route(app, userEndpoints.get, ({ actor, params }) => users.find(actor, params.id));
  route(app, userEndpoints.create, ({ actor, body, request }) =>
    users.create(actor, requestMeta(request), body),
  );
  route(app, userEndpoints.update, ({ actor, params, body, request }) =>
    users.update(actor, requestMeta(request), params.id, body),
  );
  route(app, userEndpoints.remove, ({ actor, params, request }) =>
    users.remove(actor, requestMeta(request), params.id),
  );
  route(app, userEndpoints.resetPassword, ({ actor, params, body, request }) =>
    users.resetPassword(actor, requestMeta(request), params.id, body),
  );
  route(app, userEndpoints.resendInvitation, ({ actor, params, request }) =>
    users.resendInvitation(actor, requestMeta(request), params.id),
  );
  // The links mailed to a changed address (public: the user's sessions ended with the change).
  route(app, userEndpoints.proveEmail, ({ body, request }) =>
    users.proveEmail(body.token, requestMeta(request)),
  );
  route(app, userEndpoints.resendEmailProof, ({ body, request }) =>
    users.resendEmailProof(body.email, requestMeta(request)),
  );
}
