import { sessionEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { sessionUser } from './session-user.js';

export async function sessionRoutes(app: FastifyInstance, { database }: { database: Database }) {
  route(app, sessionEndpoints.session, ({ actor }) => sessionUser(database, actor.tenantId, actor.userId));
}
