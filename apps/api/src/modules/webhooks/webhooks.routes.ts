import { webhookEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { WebhookService } from './webhooks.service.js';

/** Webhooks: administrators only; a secret's rotation a signed-in one only (the endpoints declare it). */
export async function webhookRoutes(app: FastifyInstance, { webhooks }: { webhooks: WebhookService }) {
  route(app, webhookEndpoints.list, ({ actor }) => webhooks.list(actor));
  route(app, webhookEndpoints.get, ({ actor, params }) => webhooks.get(actor, params.id));
  route(app, webhookEndpoints.create, ({ actor, body, request }) =>
    webhooks.create(actor, requestMeta(request), body),
  );
  route(app, webhookEndpoints.update, ({ actor, params, body, request }) =>
    webhooks.update(actor, requestMeta(request), params.id, body),
  );
  route(app, webhookEndpoints.remove, ({ actor, params, request }) =>
    webhooks.remove(actor, requestMeta(request), params.id),
  );
  route(app, webhookEndpoints.deliveries, ({ actor, params, query }) =>
    webhooks.deliveries(actor, params.id, query),
  );
  route(app, webhookEndpoints.attempts, ({ actor, params }) =>
    webhooks.attempts(actor, params.id, params.deliveryId),
  );
  route(app, webhookEndpoints.resend, ({ actor, params, request }) =>
    webhooks.resend(actor, requestMeta(request), params.id, params.deliveryId),
  );
  route(app, webhookEndpoints.sendTest, ({ actor, params, request }) =>
    webhooks.sendTest(actor, requestMeta(request), params.id),
  );
  route(app, webhookEndpoints.rotateSecret, ({ actor, params, request }) =>
    webhooks.rotateSecret(actor, requestMeta(request), params.id),
  );
}
