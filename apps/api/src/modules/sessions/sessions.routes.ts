import {
  signedInSessionEndpoints as endpoints,
  type SessionUser,
  sessionEndpoints,
} from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { type Actor, requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { SessionControl } from './session-control.js';
import type { SessionService } from './sessions.service.js';

export async function sessionRoutes(
  app: FastifyInstance,
  {
    sessions,
    control,
    supportAccess,
  }: {
    sessions: SessionService;
    control: SessionControl;
    /** A support session's answer names the operator (modules/support-access). */
    supportAccess: { sessionUser(actor: Actor): Promise<SessionUser> };
  },
) {
  route(app, sessionEndpoints.session, ({ actor }) =>
    actor.support ? supportAccess.sessionUser(actor) : sessions.user(actor),
  );
  route(app, endpoints.mine, ({ actor }) => control.mine(actor));
  route(app, endpoints.endMine, ({ actor, params, request }) =>
    control.endMine(actor, requestMeta(request), params.id),
  );
  route(app, endpoints.endMyOthers, ({ actor, request }) => control.endMyOthers(actor, requestMeta(request)));
  route(app, endpoints.ofUser, ({ actor, params }) => control.ofUser(actor, params.id));
  route(app, endpoints.endAllOfUser, ({ actor, params, body, request }) =>
    control.endAllOfUser(actor, requestMeta(request), params.id, body),
  );
  route(app, endpoints.endOneOfUser, ({ actor, params, request }) =>
    control.endOneOfUser(actor, requestMeta(request), params.id, params.sessionId),
  );
}
