import type { EffectivePermissions } from '@skyvault/contract';
import { NOT_FOUND } from '@skyvault/contract';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { backupRights, roleRights } from '../roles/index.js';
import * as repo from './permissions.repository.js';

/**
 * What a user may do in each service through users → groups → roles → role_connection_permissions,
 * in two queries. A product's connection rights count only with its licence level, and a service the
 * tenant lacks answers null. Null for an unknown user.
 */
export async function effectivePermissions(
  tenantId: string,
  tx: Executor,
  userId: string,
): Promise<EffectivePermissions | null> {
  const user = await repo.findUserRole(tenantId, tx, userId);
  if (!user) return null;
  const { role } = user;
  const rows = role ? await roleRights(tenantId, tx, role.id) : [];
  const backupLicensed = role?.backupFullAccess ?? false;
  const level = role?.devopsFullAccess ? 'full' : role?.devopsReadAccess ? 'read' : null;
  return {
    userId: user.userId,
    roleId: role?.id ?? null,
    groupId: user.groupId,
    backup: user.services.includes('backup')
      ? {
          licensed: backupLicensed,
          connections: backupLicensed ? rows.filter((row) => row.service === 'backup').map(backupRights) : [],
        }
      : null,
    devOps: user.services.includes('devOps')
      ? {
          level,
          // Without a level the least of each; read access is held to it whatever was stored.
          pullRequests: level === 'full' ? role!.pullRequests : 'Read',
          pipelines: level === 'full' ? role!.pipelines : 'ReadAndExecute',
          connections: level
            ? rows
                .filter((row) => row.service === 'devOps')
                .map(({ id, name, retrieve, validate, deploy }) => ({
                  id,
                  name,
                  retrieve: level === 'full' && retrieve,
                  validate: level === 'full' && validate,
                  deploy: level === 'full' && deploy,
                }))
            : [],
        }
      : null,
  };
}

export const USER_NOT_FOUND = NOT_FOUND.user;

/** The two effective-permissions calls: an administrator asking about a user, and anyone about themselves. */
export function createPermissionService(database: Database) {
  const of = async (tenantId: string, userId: string) => {
    const permissions = await database.tenant(tenantId, (tx) => effectivePermissions(tenantId, tx, userId));
    if (!permissions) throw notFound(USER_NOT_FOUND);
    return permissions;
  };
  return {
    ofUser: (actor: Actor, userId: string) => of(actor.tenantId, userId),
    mine: (actor: Actor) => of(actor.tenantId, actor.userId),
  };
}

export type PermissionService = ReturnType<typeof createPermissionService>;
