import type { SessionUser } from '@skyvault/contract';
import type { Database, Executor } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { asServiceKeys } from '../../lib/services.js';
import { findSessionUser } from './sessions.repository.js';

/** The signed-in user with their tenant's name and services, in the caller's transaction; null if gone. */
export const findSignedInUser = (tenantId: string, tx: Executor, userId: string) =>
  findSessionUser(tenantId, tx, userId);

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
