import type {
  Created,
  Role,
  RoleList,
  roleCreateSchema,
  roleListQuerySchema,
  rolePatchSchema,
} from '@skyvault/contract';
import { NAME_TAKEN, NOT_FOUND, REFUSALS } from '@skyvault/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import * as repo from './roles.repository.js';

type RoleInput = z.output<typeof roleCreateSchema>;
type RoleChange = z.output<typeof rolePatchSchema>;
type RoleListQuery = z.output<typeof roleListQuerySchema>;

export const ROLE_NOT_FOUND = NOT_FOUND.role;
export const ROLE_NAME_TAKEN = NAME_TAKEN.role;

const toRole = (row: repo.RoleRow): Role => ({
  id: row.id,
  name: row.name,
  description: row.description,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const audited = (row: Pick<repo.RoleRow, 'name' | 'description'>) => ({
  name: row.name,
  description: row.description,
});

const nameTaken = () => conflict(ROLE_NAME_TAKEN, { name: ROLE_NAME_TAKEN });

/**
 * A group still has the role: its foreign key is ON DELETE RESTRICT, which PostgreSQL reports as
 * restrict_violation (23001), or foreign_key_violation (23503) were it NO ACTION.
 */
const REFERENCED = ['23001', '23503'];
function isStillReferenced(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return REFERENCED.includes(String(cause?.code ?? code));
}

/** A tenant's roles: name and description here, licences and rights in role-permissions.service. */
export function createRoleService(database: Database) {
  return {
    async list(actor: Actor, query: RoleListQuery): Promise<RoleList> {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        repo.listRoles(actor.tenantId, tx, query),
      );
      return { roles: rows.map(toRole), total: count };
    },

    async get(actor: Actor, id: string): Promise<Role> {
      const row = await database.tenant(actor.tenantId, (tx) => repo.findRole(actor.tenantId, tx, id));
      if (!row) throw notFound(ROLE_NOT_FOUND);
      return toRole(row);
    },

    async create(actor: Actor, meta: RequestMeta, input: RoleInput): Promise<Created> {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        if (await repo.nameTaken(tenantId, tx, input.name)) throw nameTaken();
        const row = await repo.insertRole(tenantId, tx, input);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'role',
          targetId: row.id,
          targetName: row.name,
          after: audited(row),
        });
        return { id: row.id };
      });
    },

    async update(actor: Actor, meta: RequestMeta, id: string, input: RoleChange): Promise<Role> {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        const before = await repo.findRole(tenantId, tx, id, { lock: true });
        if (!before) throw notFound(ROLE_NOT_FOUND);
        if (input.name !== undefined && (await repo.nameTaken(tenantId, tx, input.name, id))) {
          throw nameTaken();
        }
        const after = await repo.updateRole(tenantId, tx, id, input);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'role',
          targetId: id,
          targetName: after.name,
          before: audited(before),
          after: audited(after),
        });
        return toRole(after);
      });
    },

    async remove(actor: Actor, meta: RequestMeta, id: string): Promise<void> {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await repo.findRole(tenantId, tx, id, { lock: true });
        if (!row) throw notFound(ROLE_NOT_FOUND);
        // Groups give their users this role; removing it under them is the user's conflict to resolve.
        await repo.deleteRole(tenantId, tx, id).catch((error: unknown) => {
          throw isStillReferenced(error) ? conflict(REFUSALS.role.inUse) : error;
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'role',
          targetId: id,
          targetName: row.name,
          before: audited(row),
        });
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;

/** A condition the setup guide reads in its one statement (modules/setup-guide): this module's SQL. */
export const tenantHasRole = (tenantId: string) => repo.tenantHasRole(tenantId);
