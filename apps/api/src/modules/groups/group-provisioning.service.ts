import { NOT_FOUND, SCIM_MESSAGES } from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { assertDevopsSeats } from '../seats/index.js';
import {
  addUsersToGroup,
  assertScimMayMove,
  findTenantUserIds,
  listGroupMembers,
  listMembersOfGroups,
  removeUserFromGroup,
  scimUnmovable,
} from '../users/index.js';
import * as provisioning from './group-provisioning.repository.js';
import * as repo from './groups.repository.js';
import {
  assertGroupNameFree,
  auditedGroup,
  deleteGroupAudited,
  GROUP_NOT_FOUND,
  insertGroupAudited,
  missingReference,
  recordGroupEvent,
  recordMembershipEvent,
} from './groups.service.js';

export {
  PROVISIONED_GROUP_FIELD_KINDS,
  type ProvisionedGroupField,
  type ProvisionedGroupFilter,
} from './group-provisioning.repository.js';

/** A client's change of members: `replace` names them all, `add` and `remove` name some. */
export interface MemberChange {
  replace?: string[];
  add?: string[];
  remove?: string[];
}

export interface ProvisionedGroup {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  /** Null when the client did not ask for them. */
  members: { id: string; email: string }[] | null;
}

/**
 * Groups as an identity provider's provisioning client (SCIM) changes them: each request in ONE
 * transaction with its audit events, so that a request either applies whole or leaves nothing
 * (RFC 7644 §3.5.2). A user is in one group: adding them takes them out of the one they were in, and
 * the seats of the group's role are checked. A SCIM client moves only the users it manages
 * (users/scim-management.ts); a replace keeps the members it may not move.
 */
export function createGroupProvisioningService(deps: { database: Database }) {
  const { database } = deps;

  async function changeMembers(
    actor: Actor,
    meta: RequestMeta,
    tx: Tx,
    group: repo.GroupRow,
    change: MemberChange,
  ) {
    const { tenantId } = actor;
    const current = (await listGroupMembers(tenantId, tx, group.id)).map((m) => m.id);
    const wanted = new Set(change.replace ?? current);
    if (change.replace) {
      // Members the client may not move stay: a replace changes only what SCIM manages.
      const left = current.filter((id) => !wanted.has(id));
      for (const id of (await scimUnmovable(actor, tx, left)).keys()) wanted.add(id);
    }
    for (const id of change.add ?? []) wanted.add(id);
    for (const id of change.remove ?? []) wanted.delete(id);
    const added = [...wanted].filter((id) => !current.includes(id));
    const removed = current.filter((id) => !wanted.has(id));
    if (added.length > 0) {
      const found = await findTenantUserIds(tenantId, tx, added);
      // A member value that names no user of the tenant is the client's mistake in the body.
      if (found.length !== added.length) throw missingReference('members', NOT_FOUND.user);
    }
    await assertScimMayMove(actor, tx, [...added, ...removed]);
    for (const userId of removed) await removeUserFromGroup(tenantId, tx, group.id, userId);
    if (added.length > 0) {
      await assertDevopsSeats(tenantId, tx, { roleId: group.roleId, addedUserIds: added });
      await addUsersToGroup(tenantId, tx, group.id, added);
    }
    await recordMembershipEvent(tx, meta, actor, group, { added, removed });
  }

  async function read(actor: Actor, tx: Tx, id: string, withMembers: boolean): Promise<ProvisionedGroup> {
    const group = await repo.findGroup(actor.tenantId, tx, id);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    const members = withMembers ? await listGroupMembers(actor.tenantId, tx, id) : null;
    return { id, name: group.name, createdAt: group.createdAt, updatedAt: group.updatedAt, members };
  }

  return {
    /** Whether the tenant has a role to give a new group. */
    hasRole: async (actor: Actor) =>
      (await database.tenant(actor.tenantId, (tx) => repo.leastPrivilegedRoleId(actor.tenantId, tx))) !==
      null,

    /** One page of the groups that match, with every member of each when asked (one query for all). */
    async list(
      actor: Actor,
      filter: provisioning.ProvisionedGroupFilter | null,
      page: { offset: number; limit: number },
      withMembers: boolean,
    ): Promise<{ groups: ProvisionedGroup[]; total: number }> {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        const { rows, count } = await provisioning.listProvisionedGroups(tenantId, tx, filter, page);
        const members = withMembers
          ? await listMembersOfGroups(
              tenantId,
              tx,
              rows.map((row) => row.id),
            )
          : [];
        const groups = rows.map((row) => ({
          ...row,
          members: withMembers
            ? members.filter((m) => m.groupId === row.id).map(({ id, email }) => ({ id, email }))
            : null,
        }));
        return { groups, total: count };
      });
    },

    get: (actor: Actor, id: string, withMembers: boolean) =>
      database.tenant(actor.tenantId, (tx) => read(actor, tx, id, withMembers)),

    /**
     * A new group with its members. The client names no role: the group gets the tenant's least
     * privileged one (groups.repository.ts), which an administrator may change later.
     */
    async create(actor: Actor, meta: RequestMeta, input: { name: string; members: string[] }) {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        await assertGroupNameFree(tenantId, tx, input.name);
        const roleId = await repo.leastPrivilegedRoleId(tenantId, tx);
        if (!roleId) throw missingReference('roleId', SCIM_MESSAGES.noRole);
        const row = await insertGroupAudited(actor, meta, tx, { name: input.name, description: '', roleId });
        await changeMembers(actor, meta, tx, row, { add: input.members });
        return read(actor, tx, row.id, true);
      });
    },

    /** A PUT or PATCH: a new name and a change of members, applied whole or not at all. */
    async apply(
      actor: Actor,
      meta: RequestMeta,
      id: string,
      change: { name?: string; members: MemberChange },
    ) {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        let group = await repo.lockGroup(tenantId, tx, id);
        if (!group) throw notFound(GROUP_NOT_FOUND);
        if (change.name !== undefined && change.name !== group.name) {
          await assertGroupNameFree(tenantId, tx, change.name, id);
          const after = await repo.updateGroup(tenantId, tx, id, { name: change.name });
          await recordGroupEvent(tx, meta, actor, 'update', after, {
            before: auditedGroup(group),
            after: auditedGroup(after),
          });
          group = after;
        }
        await changeMembers(actor, meta, tx, group, change.members);
        return read(actor, tx, id, true);
      });
    },

    /** Deletes the group; its users keep no group. Refused while it has members SCIM may not move. */
    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const group = await repo.lockGroup(tenantId, tx, id);
        if (!group) throw notFound(GROUP_NOT_FOUND);
        const members = (await listGroupMembers(tenantId, tx, id)).map((m) => m.id);
        if ((await scimUnmovable(actor, tx, members)).size > 0)
          throw forbidden(SCIM_MESSAGES.membersNotManaged);
        await deleteGroupAudited(actor, meta, tx, group);
      });
    },
  };
}

export type GroupProvisioningService = ReturnType<typeof createGroupProvisioningService>;
