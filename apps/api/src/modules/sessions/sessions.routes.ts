import { sessionEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { SessionService } from './sessions.service.js';

export async function sessionRoutes(app: FastifyInstance, { sessions }: { sessions: SessionService }) {
  route(app, sessionEndpoints.session, ({ actor }) => sessions.user(actor));
}
