import { tenantEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { TenantService } from './tenants.service.js';

export async function tenantRoutes(app: FastifyInstance, { tenants }: { tenants: TenantService }) {
  route(app, tenantEndpoints.signUp, ({ body, request }) => tenants.signUp(body, requestMeta(request)));
  route(app, tenantEndpoints.verify, ({ body, request }) => tenants.verify(body.token, requestMeta(request)));
  route(app, tenantEndpoints.resendVerification, ({ body, request }) =>
    tenants.resendVerification(body.email, requestMeta(request)),
  );
  route(app, tenantEndpoints.update, ({ actor, body, request }) =>
    tenants.rename(actor, body.name, requestMeta(request)),
  );
}
