import { type SessionUser, sessionEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { asServiceKeys } from '../tenants/tenants.service.js';
import { findSessionUser } from './sessions.repository.js';

/** The signed-in user as GET /v1/auth/session and POST /v1/auth/login answer it. */
export async function sessionUser(
  database: Database,
  tenantId: string,
  userId: string,
): Promise<SessionUser> {
  const user = await database.tenant(tenantId, (tx) => findSessionUser(tenantId, tx, userId));
  if (!user) throw unauthorized();
  return toSessionUser(user, { id: user.tenantId, name: user.tenantName, services: user.services });
}

export const toSessionUser = (
  user: Pick<SessionUser, 'id' | 'email' | 'firstName' | 'lastName' | 'isAdmin'>,
  tenant: { id: string; name: string; services: string[] },
): SessionUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  isAdmin: user.isAdmin,
  tenant: { id: tenant.id, name: tenant.name },
  services: asServiceKeys(tenant.services),
});

export async function sessionRoutes(app: FastifyInstance, { database }: { database: Database }) {
  route(app, sessionEndpoints.session, ({ actor }) => sessionUser(database, actor.tenantId, actor.userId));
}
