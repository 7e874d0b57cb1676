import { setupGuideEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { SetupGuideService } from './setup-guide.service.js';

export async function setupGuideRoutes(
  app: FastifyInstance,
  { setupGuide }: { setupGuide: SetupGuideService },
) {
  route(app, setupGuideEndpoints.get, ({ actor }) => setupGuide.get(actor));
  route(app, setupGuideEndpoints.update, ({ actor, body, request }) =>
    setupGuide.update(actor, requestMeta(request), body),
  );
}
