import {
  ADMIN_ROLES,
  type AdminRole,
  type Permission,
  permissionsOf,
  type SessionUser,
  sortedAdminRoles,
} from '@skyvault/contract';
import type { Database, Executor } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { asServiceKeys } from '../../lib/services.js';
import { mfaEnrolmentFor } from '../auth-policy/index.js';
import { findAdminRoleNames, findSessionUser } from './sessions.repository.js';

const isAdminRole = (role: string): role is AdminRole => (ADMIN_ROLES as readonly string[]).includes(role);

/**
 * The roles a user holds as stored (migration 0038) and the permissions they give. Only an
 * administrator holds any: is_admin and the roles are kept in step, and is_admin decides.
 */
export function adminRights(
  isAdmin: boolean,
  stored: readonly string[] | null | undefined,
): { adminRoles: AdminRole[]; permissions: Permission[] } {
  const adminRoles = isAdmin ? sortedAdminRoles((stored ?? []).filter(isAdminRole)) : [];
  return { adminRoles, permissions: permissionsOf(adminRoles) };
}

/** A user's roles and permissions for a sign-in's answer: read for an administrator only. */
export async function adminRightsOf(db: Executor, tenantId: string, userId: string, isAdmin: boolean) {
  return adminRights(isAdmin, isAdmin ? await findAdminRoleNames(tenantId, db, userId) : []);
}

/** The signed-in user with their tenant's name and services, in the caller's transaction; null if gone. */
export const findSignedInUser = (tenantId: string, tx: Executor, userId: string) =>
  findSessionUser(tenantId, tx, userId);

/** The signed-in user as GET /v1/auth/session and POST /v1/auth/login answer it. */
export async function sessionUser(
  database: Database,
  tenantId: string,
  userId: string,
  passkeysAvailable: () => boolean,
): Promise<SessionUser> {
  const { user, mfaEnrolment } = await database.tenant(tenantId, async (tx) => ({
    user: await findSessionUser(tenantId, tx, userId),
    // Restricted or in its grace period: the console's enrolment page, after a reload or an SSO redirect.
    mfaEnrolment: await mfaEnrolmentFor(tx, tenantId, userId, passkeysAvailable),
  }));
  if (!user) throw unauthorized();
  const answer = {
    ...toSessionUser(user, { id: user.tenantId, name: user.tenantName, services: user.services }),
    ...adminRights(user.isAdmin, user.adminRoles),
  };
  return mfaEnrolment ? { ...answer, mfaEnrolment } : answer;
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
