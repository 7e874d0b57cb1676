import {
  type AdminRole,
  NOT_FOUND,
  permissionsOf,
  sortedAdminRoles,
  type UserAdminRoles,
} from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { findAdminRoles } from './admin-roles.repository.js';
import { changeAdminRoles } from './admin-roles.rules.js';
import * as repo from './users.repository.js';
import type { KeepsBreakGlass } from './users.rules.js';

const answer = (roles: AdminRole[]): UserAdminRoles => ({
  adminRoles: roles,
  permissions: permissionsOf(roles),
});

/**
 * A user's administrator roles (docs/administration.md). A change is audited in its transaction, and
 * every process forgets the sessions it keeps when it commits (migration 0038's signal), so that a role
 * taken away is gone everywhere within a second.
 */
export function createAdminRoleService(deps: { database: Database; keepsBreakGlass: KeepsBreakGlass }) {
  const { database, keepsBreakGlass } = deps;
  return {
    ofUser: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        if (!(await repo.findUser(actor.tenantId, tx, id))) throw notFound(NOT_FOUND.user);
        return answer(await findAdminRoles(actor.tenantId, tx, id));
      }),

    set: (actor: Actor, meta: RequestMeta, id: string, roles: readonly AdminRole[]) =>
      database.tenant(actor.tenantId, async (tx) => {
        // Not locked here: the last-Owner rule locks the Owners' rows, always in one order.
        const user = await repo.findUser(actor.tenantId, tx, id);
        if (!user) throw notFound(NOT_FOUND.user);
        const { after } = await changeAdminRoles(
          tx,
          actor,
          meta,
          user,
          sortedAdminRoles(roles),
          keepsBreakGlass,
        );
        return answer(after);
      }),
  };
}

export type AdminRoleService = ReturnType<typeof createAdminRoleService>;
