import { licenseEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { LicensesService } from './licenses.service.js';

export async function licenseRoutes(app: FastifyInstance, { licenses }: { licenses: LicensesService }) {
  route(app, licenseEndpoints.get, ({ actor, query }) => licenses.get(actor, query.service));
  route(app, licenseEndpoints.dbrState, ({ actor }) => licenses.state(actor, 'Dbr'));
  route(app, licenseEndpoints.devopsState, ({ actor }) => licenses.state(actor, 'Devops'));
  route(app, licenseEndpoints.enableTrial, ({ actor, body, request }) =>
    licenses.enableTrial(actor, requestMeta(request), body.product),
  );
}
