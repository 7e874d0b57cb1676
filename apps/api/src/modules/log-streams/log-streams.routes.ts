import { logStreamEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { LogStreamService } from './log-streams.service.js';

/** Log streams: security administrators and Owners change them, Auditors read them (the endpoints say). */
export async function logStreamRoutes(
  app: FastifyInstance,
  { logStreams }: { logStreams: LogStreamService },
) {
  route(app, logStreamEndpoints.list, ({ actor }) => logStreams.list(actor));
  route(app, logStreamEndpoints.get, ({ actor, params }) => logStreams.get(actor, params.id));
  route(app, logStreamEndpoints.create, ({ actor, body, request }) =>
    logStreams.create(actor, requestMeta(request), body),
  );
  route(app, logStreamEndpoints.update, ({ actor, params, body, request }) =>
    logStreams.update(actor, requestMeta(request), params.id, body),
  );
  route(app, logStreamEndpoints.remove, ({ actor, params, request }) =>
    logStreams.remove(actor, requestMeta(request), params.id),
  );
  route(app, logStreamEndpoints.pause, ({ actor, params, request }) =>
    logStreams.pause(actor, requestMeta(request), params.id),
  );
  route(app, logStreamEndpoints.resume, ({ actor, params, request }) =>
    logStreams.resume(actor, requestMeta(request), params.id),
  );
  route(app, logStreamEndpoints.replay, ({ actor, params, body, request }) =>
    logStreams.replay(actor, requestMeta(request), params.id, body.from),
  );
}
