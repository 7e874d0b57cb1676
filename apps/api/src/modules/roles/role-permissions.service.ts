import {
  hasLicenceLevelForEach,
  MESSAGES,
  NOT_FOUND,
  PRODUCT_LABELS,
  REFUSALS,
  type RolePermissions,
  SERVICE_KEYS,
  type ServiceKey,
} from '@skyvault/contract';
import type { Database, Executor, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { withinDevopsSeats } from '../seats/index.js';
import * as rightsRepo from './role-permissions.repository.js';
import * as repo from './roles.repository.js';
import { ROLE_NOT_FOUND } from './roles.service.js';

export const CONNECTION_NOT_FOUND = NOT_FOUND.connection;

const BACKUP_FIELD = 'dbr.permissions.connections';
const DEVOPS_FIELD = 'devops.permissions.connections';

/** One connection's Backup & Archive rights, as the role and the effective permissions answer them. */
export const backupRights = ({
  id,
  name,
  backupAndArchive,
  restore,
  export: exp,
  appSettings,
}: Pick<
  rightsRepo.RightsWithName,
  'id' | 'name' | 'backupAndArchive' | 'restore' | 'export' | 'appSettings'
>) => ({ id, name, backupAndArchive, restore, export: exp, appSettings });

/** The stored role and rows as the permissions call answers them. */
function toPermissions(role: repo.RoleRow, rows: rightsRepo.RightsWithName[]): RolePermissions {
  const of = (service: rightsRepo.RightsService) => rows.filter((row) => row.service === service);
  return {
    licenses: {
      roleId: role.id,
      backupFullAccess: role.backupFullAccess,
      devopsFullAccess: role.devopsFullAccess,
      devopsReadAccess: role.devopsReadAccess,
    },
    dbr: {
      permissions: {
        connections: of('backup').map(backupRights),
      },
    },
    devops: {
      permissions: {
        pullRequests: role.pullRequests,
        pipelines: role.pipelines,
        connections: of('devOps').map(({ id, name, retrieve, validate, deploy }) => ({
          id,
          name,
          retrieve,
          validate,
          deploy,
        })),
      },
    },
  };
}

/** What the audit trail keeps: levels, settings and each connection's rights by id. */
const audited = ({ licenses, dbr, devops }: RolePermissions) => ({
  backupFullAccess: licenses.backupFullAccess,
  devopsFullAccess: licenses.devopsFullAccess,
  devopsReadAccess: licenses.devopsReadAccess,
  pullRequests: devops.permissions.pullRequests,
  pipelines: devops.permissions.pipelines,
  backupConnections: dbr.permissions.connections.map(({ name: _name, ...rights }) => rights),
  devopsConnections: devops.permissions.connections.map(({ name: _name, ...rights }) => rights),
});

/** Whether the input grants anything in a service: a tenant without that service may not. */
const grantsBackup = ({ licenses, dbr }: RolePermissions) =>
  licenses.backupFullAccess || dbr.permissions.connections.length > 0;
const grantsDevops = ({ licenses, devops }: RolePermissions) =>
  licenses.devopsFullAccess ||
  licenses.devopsReadAccess ||
  devops.permissions.connections.length > 0 ||
  devops.permissions.pullRequests !== 'Read' ||
  devops.permissions.pipelines !== 'ReadAndExecute';

/**
 * The checks the contract schema cannot make, as it does not know the tenant: the services it has
 * (a part for another service may be sent empty and is then left as stored), a licence level for
 * each of them (SPEC.md §5), and each connection listed once.
 */
function checkInput(services: ServiceKey[], input: RolePermissions) {
  if (!services.includes('backup') && grantsBackup(input)) {
    throw invalidField('dbr', REFUSALS.role.serviceNotEnabled(PRODUCT_LABELS.backup));
  }
  if (!services.includes('devOps') && grantsDevops(input)) {
    throw invalidField('devops', REFUSALS.role.serviceNotEnabled(PRODUCT_LABELS.devOps));
  }
  if (!hasLicenceLevelForEach(input.licenses, services)) {
    throw invalidField('licenses', MESSAGES.licensesRequired);
  }
  for (const [field, rows] of [
    [BACKUP_FIELD, input.dbr.permissions.connections],
    [DEVOPS_FIELD, input.devops.permissions.connections],
  ] as const) {
    if (new Set(rows.map((row) => row.id)).size !== rows.length) {
      throw invalidField(field, REFUSALS.role.connectionListedTwice);
    }
  }
}

/** Every connection must be one of the tenant's: another tenant's id answers 404 like an unknown one. */
async function checkConnections(tenantId: string, tx: Tx, ids: string[]) {
  const found = await rightsRepo.existingConnectionIds(tenantId, tx, [...new Set(ids)]);
  if (ids.some((id) => !found.has(id))) throw notFound(CONNECTION_NOT_FOUND);
}

const enabledServices = (actor: Actor): ServiceKey[] =>
  SERVICE_KEYS.filter((service) => actor.services.includes(service));

/** A role's licence levels, DevOps settings and per-connection rights. */
/**
 * A role's connection rights with the connections' names, in the caller's transaction: what the
 * permissions module reads to answer a user's effective permissions.
 */
export const roleRights = (tenantId: string, tx: Executor, roleId: string) =>
  rightsRepo.findRights(tenantId, tx, roleId);

export function createRolePermissionService(database: Database) {
  /** The role's permissions, and its name for the audit trail; `lock` before a save (see findRole). */
  async function load(tenantId: string, tx: Tx, roleId: string, options: { lock?: boolean } = {}) {
    const role = await repo.findRole(tenantId, tx, roleId, options);
    if (!role) throw notFound(ROLE_NOT_FOUND);
    return {
      name: role.name,
      permissions: toPermissions(role, await rightsRepo.findRights(tenantId, tx, roleId)),
    };
  }
  const read = async (tenantId: string, tx: Tx, roleId: string) =>
    (await load(tenantId, tx, roleId)).permissions;

  return {
    get: (actor: Actor, roleId: string) =>
      database.tenant(actor.tenantId, (tx) => read(actor.tenantId, tx, roleId)),

    /** Replaces the parts of the tenant's services in one transaction, so a refusal changes nothing. */
    async update(actor: Actor, meta: RequestMeta, roleId: string, input: RolePermissions) {
      const { tenantId } = actor;
      const services = enabledServices(actor);
      checkInput(services, input);
      const backup = services.includes('backup');
      const devops = services.includes('devOps');
      return database.tenant(tenantId, async (tx) => {
        const { name, permissions: before } = await load(tenantId, tx, roleId, { lock: true });
        await checkConnections(tenantId, tx, [
          ...(backup ? input.dbr.permissions.connections.map((row) => row.id) : []),
          ...(devops ? input.devops.permissions.connections.map((row) => row.id) : []),
        ]);
        const { licenses } = input;
        const { pullRequests, pipelines } = input.devops.permissions;
        // Raising the licence level of a role raises every user of its groups: seats are checked.
        await withinDevopsSeats(tenantId, tx, () =>
          repo.updateRole(tenantId, tx, roleId, {
            ...(backup ? { backupFullAccess: licenses.backupFullAccess } : {}),
            ...(devops
              ? {
                  devopsFullAccess: licenses.devopsFullAccess,
                  devopsReadAccess: licenses.devopsReadAccess,
                  pullRequests,
                  pipelines,
                }
              : {}),
          }),
        );
        if (backup) {
          const rows = input.dbr.permissions.connections.map(({ id, name: _name, ...rights }) => ({
            connectionId: id,
            ...rights,
          }));
          await rightsRepo.replaceRights(tenantId, tx, roleId, 'backup', rows);
        }
        if (devops) {
          const rows = input.devops.permissions.connections.map(({ id, name: _name, ...rights }) => ({
            connectionId: id,
            ...rights,
          }));
          await rightsRepo.replaceRights(tenantId, tx, roleId, 'devOps', rows);
        }
        const after = await read(tenantId, tx, roleId);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'update-permissions',
          targetType: 'role',
          targetId: roleId,
          targetName: name,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
    },
  };
}

export type RolePermissionService = ReturnType<typeof createRolePermissionService>;
