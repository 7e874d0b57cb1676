import type { Group, groupCreateSchema, groupListQuerySchema, groupPatchSchema } from '@skyvault/contract';
import { NAME_TAKEN, NOT_FOUND, REFUSALS } from '@skyvault/contract';
import type { z } from 'zod';
import type { Database, Executor, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { type AuditAction, type AuditEvent, recordAudit } from '../../platform/audit/audit.service.js';
import { withinDevopsSeats } from '../seats/index.js';
import {
  addUsersToGroup,
  assertMayEmptyGroup,
  assertMayMoveMembers,
  clearGroupUsers,
  findTenantUserIds,
  removeUsersFromGroup,
} from '../users/index.js';
import * as repo from './groups.repository.js';

type GroupInput = z.output<typeof groupCreateSchema>;
type GroupChange = z.output<typeof groupPatchSchema>;
type GroupListQuery = z.output<typeof groupListQuerySchema>;

export const GROUP_NOT_FOUND = NOT_FOUND.group;
export const GROUP_NAME_TAKEN = NAME_TAKEN.group;
export const ROLE_NOT_FOUND = NOT_FOUND.role;
export const USER_NOT_FOUND = NOT_FOUND.user;

/** The ids of a body's user list, each once. */
const uniqueIds = (users: { id: string }[] | undefined) => [...new Set(users?.map((user) => user.id))];

/** A reference in a body to a record this tenant does not have: 404, shown at the form's field. */
export const missingReference = (field: string, message: string) =>
  new AppError('NOT_FOUND', message, { fields: { [field]: message } });

export const toGroup = (row: repo.GroupViewRow): Group => ({
  id: row.id,
  name: row.name,
  description: row.description,
  roleId: row.roleId,
  role: { id: row.roleId, name: row.roleName },
  roleName: row.roleName,
  userCount: row.userCount,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** What the audit trail keeps of a group's values, before and after a change. */
export const auditedGroup = (row: repo.GroupValues) => ({
  name: row.name,
  description: row.description,
  roleId: row.roleId,
});

/** A change of a group as the audit trail records it, in the change's transaction. */
export const recordGroupEvent = (
  tx: Tx,
  meta: RequestMeta,
  actor: Actor,
  action: AuditAction,
  group: Pick<repo.GroupRow, 'id' | 'name'>,
  values: Pick<AuditEvent, 'before' | 'after'>,
) =>
  recordAudit(tx, meta, {
    tenantId: actor.tenantId,
    actorId: actor.userId,
    action,
    targetType: 'group',
    targetId: group.id,
    targetName: group.name,
    ...values,
  });

/**
 * Users joining or leaving a group as the audit trail records it (one event; the webhooks read it as a
 * membership change): 'add-users' when some joined, else 'remove-user'. Nothing is recorded for no change.
 */
export async function recordMembershipEvent(
  tx: Tx,
  meta: RequestMeta,
  actor: Actor,
  group: Pick<repo.GroupRow, 'id' | 'name'>,
  { added, removed }: { added: string[]; removed: string[] },
) {
  if (added.length === 0 && removed.length === 0) return;
  await recordGroupEvent(tx, meta, actor, added.length > 0 ? 'add-users' : 'remove-user', group, {
    ...(removed.length > 0 ? { before: { userIds: removed } } : {}),
    ...(added.length > 0 ? { after: { userIds: added } } : {}),
  });
}

/** 409 at the name when another group of the tenant has it. */
export async function assertGroupNameFree(tenantId: string, tx: Executor, name: string, exceptId?: string) {
  if (await repo.nameTaken(tenantId, tx, name, exceptId)) {
    throw conflict(GROUP_NAME_TAKEN, { name: GROUP_NAME_TAKEN });
  }
}

/**
 * A new group and its audit event. The Groups screens and an identity provider's provisioning client
 * (group-provisioning.service.ts) both make groups with it, after their own checks.
 */
export async function insertGroupAudited(actor: Actor, meta: RequestMeta, tx: Tx, values: repo.GroupValues) {
  const row = await repo.insertGroup(actor.tenantId, tx, values);
  await recordGroupEvent(tx, meta, actor, 'create', row, { after: auditedGroup(row) });
  return row;
}

/** Deletes a group found in this transaction, with its audit event; its users keep no group. */
export async function deleteGroupAudited(actor: Actor, meta: RequestMeta, tx: Tx, group: repo.GroupRow) {
  await repo.deleteGroup(actor.tenantId, tx, group.id);
  await recordGroupEvent(tx, meta, actor, 'delete', group, { before: auditedGroup(group) });
}

/** The group a user is being put into, with the role whose seats that takes; 404 at the field otherwise. */
export async function groupForAssignment(tenantId: string, tx: Executor, groupId: string, field = 'groupId') {
  const group = await repo.findGroup(tenantId, tx, groupId);
  if (!group) throw missingReference(field, GROUP_NOT_FOUND);
  return group;
}

/**
 * Groups give their users one role (SPEC.md §6). Changing the role removes every user from the group
 * in the same transaction (SPEC.md §4): they were put there for the old role's rights.
 */
export function createGroupService(deps: { database: Database }) {
  const { database } = deps;

  async function view(tenantId: string, tx: Executor, id: string) {
    const row = await repo.findGroupView(tenantId, tx, id);
    if (!row) throw notFound(GROUP_NOT_FOUND);
    return toGroup(row);
  }

  async function checkRole(tenantId: string, tx: Executor, roleId: string) {
    if (!(await repo.roleExists(tenantId, tx, roleId))) throw missingReference('roleId', ROLE_NOT_FOUND);
  }

  return {
    async list(actor: Actor, query: GroupListQuery & { name?: string }) {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        repo.listGroups(actor.tenantId, tx, query),
      );
      return { groups: rows.map(toGroup), total: count };
    },

    get: (actor: Actor, id: string) => database.tenant(actor.tenantId, (tx) => view(actor.tenantId, tx, id)),

    /** Creates a group. (An identity provider's groups are made by group-provisioning.service.ts.) */
    async create(actor: Actor, meta: RequestMeta, input: GroupInput) {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        await assertGroupNameFree(tenantId, tx, input.name);
        await checkRole(tenantId, tx, input.roleId);
        const row = await insertGroupAudited(actor, meta, tx, input);
        return view(tenantId, tx, row.id);
      });
    },

    /**
     * The edit screen's one save: the group's fields and its member changes in one transaction, so that
     * a refusal of any part (a name taken, a user unknown, too few DevOps seats) leaves all of it unsaved.
     * Removals come first, then a new role's emptying of the group, then the additions, which join
     * under the group's role as it is now; the seats are checked on the outcome.
     */
    async update(actor: Actor, meta: RequestMeta, id: string, input: GroupChange) {
      const { tenantId } = actor;
      const { addUsers, removeUsers, ...fields } = input;
      const added = uniqueIds(addUsers);
      const removed = uniqueIds(removeUsers);
      const changesGroup =
        Object.values(fields).some((value) => value !== undefined) ||
        (added.length === 0 && removed.length === 0);
      return database.tenant(tenantId, async (tx) => {
        const before = await repo.lockGroup(tenantId, tx, id);
        if (!before) throw notFound(GROUP_NOT_FOUND);
        if (fields.name !== undefined) await assertGroupNameFree(tenantId, tx, fields.name, id);
        const roleChanges = fields.roleId !== undefined && fields.roleId !== before.roleId;
        if (roleChanges) await checkRole(tenantId, tx, fields.roleId!);
        // Another tenant's user is as unknown as one that does not exist.
        if ((await findTenantUserIds(tenantId, tx, added)).length !== added.length)
          throw missingReference('addUsers', USER_NOT_FOUND);
        // A group's administrator roles come and go with membership (docs/administration.md).
        if (roleChanges) await assertMayEmptyGroup(tx, actor, id);
        else if (removed.length > 0) await assertMayMoveMembers(tx, actor, removed, null);
        if (added.length > 0) await assertMayMoveMembers(tx, actor, added, id);
        let removedUsers = 0;
        // The seats' lock comes before any user row, in the order every change of seats takes them.
        const after = await withinDevopsSeats(
          tenantId,
          tx,
          async () => {
            const left = await removeUsersFromGroup(tenantId, tx, id, removed);
            if (left.length !== removed.length)
              throw missingReference('removeUsers', REFUSALS.group.userNotMember);
            if (roleChanges) removedUsers = await clearGroupUsers(tenantId, tx, id);
            const row = changesGroup ? await repo.updateGroup(tenantId, tx, id, fields) : before;
            await addUsersToGroup(tenantId, tx, id, added);
            return row;
          },
          // Only users joining can take seats here: a new role first empties the group.
          { field: added.length > 0 ? 'addUsers' : undefined },
        );
        if (changesGroup) {
          await recordGroupEvent(tx, meta, actor, 'update', after, {
            before: { ...auditedGroup(before), ...(roleChanges ? { userCount: removedUsers } : {}) },
            after: { ...auditedGroup(after), ...(roleChanges ? { userCount: 0 } : {}) },
          });
        }
        await recordMembershipEvent(tx, meta, actor, after, { added, removed });
        return view(tenantId, tx, id);
      });
    },

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await repo.lockGroup(tenantId, tx, id);
        if (!row) throw notFound(GROUP_NOT_FOUND);
        await assertMayEmptyGroup(tx, actor, id);
        await deleteGroupAudited(actor, meta, tx, row);
      });
    },
  };
}

export type GroupService = ReturnType<typeof createGroupService>;

/** A condition the setup guide reads in its one statement (modules/setup-guide): this module's SQL. */
export const tenantHasGroup = (tenantId: string) => repo.tenantHasGroup(tenantId);
