import {
  CONNECTION_OAUTH_CALLBACK_PATH,
  connectionEndpoints,
  connectionHealthEndpoints,
} from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { ConnectionService } from './connections.service.js';

/** What Salesforce appends to the redirect URI; anything else (a repeated or odd parameter) is ignored. */
const text = z.string().max(4096).optional().catch(undefined);
const callbackQuerySchema = z.object({
  code: text,
  state: text,
  error: text,
  error_description: text,
});

export async function connectionRoutes(
  app: FastifyInstance,
  { connections }: { connections: ConnectionService },
) {
  route(app, connectionEndpoints.list, ({ actor, query }) => connections.list(actor, query));
  route(app, connectionEndpoints.create, ({ actor, body, request }) =>
    connections.create(actor, requestMeta(request), body),
  );
  route(app, connectionEndpoints.renew, ({ actor, params, body, request }) =>
    connections.renew(actor, requestMeta(request), params.id, body),
  );
  route(app, connectionEndpoints.remove, ({ actor, params, request }) =>
    connections.remove(actor, requestMeta(request), params.id),
  );
  route(app, connectionHealthEndpoints.approvalCap, ({ actor, query }) =>
    connections.approvalCap(actor, query),
  );

  // Salesforce sends the browser here after its login. It is a page load, not a console call, so it
  // always ends in a redirect to the Connections screen, which then tells how it went.
  app.get(CONNECTION_OAUTH_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = callbackQuerySchema.parse(request.query ?? {});
    const target = await connections.complete(request.actor, requestMeta(request), query);
    return reply.header('cache-control', 'no-store').redirect(target);
  });
}
