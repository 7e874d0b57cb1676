import type { GroupUsersUpdate, groupUsersQuerySchema } from '@skyvault/contract';
import { REFUSALS } from '@skyvault/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { assertDevopsSeats } from '../seats/index.js';
import {
  addUsersToGroup,
  assertMayMoveMembers,
  findTenantUserIds,
  listGroupUsers,
  removeUserFromGroup,
} from '../users/index.js';
import { findGroup } from './groups.repository.js';
import { GROUP_NOT_FOUND, recordMembershipEvent, USER_NOT_FOUND } from './groups.service.js';

type GroupUsersQuery = z.output<typeof groupUsersQuerySchema>;

/**
 * A group's users: listing them (or the users who could be added), adding users (each leaves their
 * previous group, since a user is in one group) and removing one. Adding checks the DevOps seats the
 * group's role takes.
 */
export function createGroupUsersService(deps: { database: Database }) {
  const { database } = deps;

  return {
    async list(actor: Actor, groupId: string, query: GroupUsersQuery) {
      const { tenantId } = actor;
      const { rows, count } = await database.tenant(tenantId, async (tx) => {
        if (!(await findGroup(tenantId, tx, groupId))) throw notFound(GROUP_NOT_FOUND);
        return listGroupUsers(tenantId, tx, groupId, query);
      });
      return { rows: rows.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })), count };
    },

    async add(actor: Actor, meta: RequestMeta, groupId: string, input: GroupUsersUpdate) {
      const { tenantId } = actor;
      const userIds = [...new Set(input.users.map((user) => user.id))];
      await database.tenant(tenantId, async (tx) => {
        const group = await findGroup(tenantId, tx, groupId);
        if (!group) throw notFound(GROUP_NOT_FOUND);
        // Another tenant's user is as unknown as one that does not exist.
        const found = await findTenantUserIds(tenantId, tx, userIds);
        if (found.length !== userIds.length) throw notFound(USER_NOT_FOUND);
        if (userIds.length === 0) return;
        // A group's administrator roles come and go with membership (docs/administration.md).
        await assertMayMoveMembers(tx, actor, userIds, groupId);
        await assertDevopsSeats(tenantId, tx, { roleId: group.roleId, addedUserIds: userIds });
        await addUsersToGroup(tenantId, tx, groupId, userIds);
        await recordMembershipEvent(tx, meta, actor, group, { added: userIds, removed: [] });
      });
    },

    async remove(actor: Actor, meta: RequestMeta, groupId: string, userId: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const group = await findGroup(tenantId, tx, groupId);
        if (!group) throw notFound(GROUP_NOT_FOUND);
        await assertMayMoveMembers(tx, actor, [userId], null);
        if (!(await removeUserFromGroup(tenantId, tx, groupId, userId)))
          throw notFound(REFUSALS.group.userNotMember);
        await recordMembershipEvent(tx, meta, actor, group, { added: [], removed: [userId] });
      });
    },
  };
}

export type GroupUsersService = ReturnType<typeof createGroupUsersService>;
