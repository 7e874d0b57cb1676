import { sessionEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { asServiceKeys } from '../tenants/tenants.service.js';
import { findSessionUser } from './sessions.repository.js';

export async function sessionRoutes(app: FastifyInstance, { database }: { database: Database }) {
  route(app, sessionEndpoints.session, async ({ actor }) => {
    const user = await database.tenant(actor.tenantId, (tx) =>
      findSessionUser(actor.tenantId, tx, actor.userId),
    );
    if (!user) throw unauthorized();
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: user.isAdmin,
      tenant: { id: user.tenantId, name: user.tenantName },
      services: asServiceKeys(user.services),
    };
  });
}
