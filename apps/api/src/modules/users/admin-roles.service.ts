import {
  ADMIN_ROLES,
  type AdminRole,
  type AdminRoleSource,
  type GroupAdminRoles,
  NOT_FOUND,
  permissionsOf,
  type ResourceGrant,
  sortedAdminRoles,
  type TemporaryAccessGrant,
  type UserAdminRoles,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import {
  findGroupAdminRoles,
  findResourceGrants,
  findRoleSources,
  type TemporaryKind,
} from './admin-roles.repository.js';
import { changeAdminRoles } from './admin-roles.rules.js';
import { changeGroupAdminRoles } from './group-admin-roles.js';
import {
  assertGrantable,
  endTemporaryAccess,
  grantDirectly,
  type TemporaryAccessRequest,
} from './temporary-access.js';
import * as repo from './users.repository.js';
import type { KeepsBreakGlass } from './users.rules.js';

const order = (role: AdminRole) => ADMIN_ROLES.indexOf(role);

/** A user's roles from every source, each source listed, and their permissions on one connection. */
async function rolesOfUser(tenantId: string, db: Executor, userId: string): Promise<UserAdminRoles> {
  const { own, timed, byGroup } = await findRoleSources(tenantId, db, userId);
  const none = { grantId: null, groupId: null, groupName: null, expiresAt: null };
  const sources: AdminRoleSource[] = [
    ...own.map(({ role }) => ({ ...none, role, source: 'direct' as const })),
    ...timed.map(({ id, role, expiresAt }) => ({
      ...none,
      role: role!,
      source: 'temporary' as const,
      grantId: id,
      expiresAt: iso(expiresAt),
    })),
    ...byGroup.map(({ role, groupId, groupName }) => ({
      ...none,
      role,
      source: 'group' as const,
      groupId,
      groupName,
    })),
  ].sort((a, b) => order(a.role) - order(b.role));
  const adminRoles = sortedAdminRoles(sources.map((source) => source.role));
  const grants = await findResourceGrants(tenantId, db, userId);
  const resourceGrants: ResourceGrant[] = grants.map((grant) => ({
    id: grant.id,
    permission: grant.permission!,
    resourceType: 'connection',
    resourceId: grant.resourceId!,
    resourceName: grant.resourceName,
    expiresAt: iso(grant.expiresAt),
  }));
  return { adminRoles, permissions: permissionsOf(adminRoles), sources, resourceGrants };
}

const groupAnswer = (roles: AdminRole[]): GroupAdminRoles => ({
  adminRoles: roles,
  permissions: permissionsOf(roles),
});

async function findGroup(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)));
  if (!row) throw notFound(NOT_FOUND.group);
  return row;
}

const kindOf = (input: TemporaryAccessGrant): TemporaryKind =>
  input.role ? { role: input.role } : { permission: input.permission!, connectionId: input.connectionId! };

/**
 * Administrator roles of users and groups (docs/administration.md). A change is audited in its
 * transaction, and every process forgets the sessions it keeps when it commits (migrations 0038 and
 * 0040's signals), so that a role taken away is gone everywhere within a second.
 */
export function createAdminRoleService(deps: { database: Database; keepsBreakGlass: KeepsBreakGlass }) {
  const { database, keepsBreakGlass } = deps;
  return {
    ofUser: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        if (!(await repo.findUser(actor.tenantId, tx, id))) throw notFound(NOT_FOUND.user);
        return rolesOfUser(actor.tenantId, tx, id);
      }),

    /** The user's own roles (their time-bound and group roles stay). */
    set: (actor: Actor, meta: RequestMeta, id: string, roles: readonly AdminRole[]) =>
      database.tenant(actor.tenantId, async (tx) => {
        // Not locked here: the last-Owner rule locks the Owners' rows, always in one order.
        const user = await repo.findUser(actor.tenantId, tx, id);
        if (!user) throw notFound(NOT_FOUND.user);
        await changeAdminRoles(tx, actor, meta, user, sortedAdminRoles(roles), keepsBreakGlass);
        return rolesOfUser(actor.tenantId, tx, id);
      }),

    grantTemporary: (actor: Actor, meta: RequestMeta, id: string, input: TemporaryAccessGrant) =>
      database.tenant(actor.tenantId, async (tx) => {
        await grantDirectly(tx, actor, meta, {
          userId: id,
          grant: kindOf(input),
          durationMinutes: input.durationMinutes,
        });
        return rolesOfUser(actor.tenantId, tx, id);
      }),

    /**
     * An elevation asked for (approvals): refused at once when no grant could follow (an unknown
     * connection, a role already held without an end). Answers the user's e-mail and the connection's name.
     */
    checkGrantable: (actor: Actor, userId: string, grant: TemporaryKind) =>
      database.tenant(actor.tenantId, (tx) => assertGrantable(tx, actor.tenantId, userId, grant)),

    /** An approved elevation's grant, made and audited as the approver's change. */
    grantApproved: (approver: Actor, meta: RequestMeta, request: TemporaryAccessRequest) =>
      database.tenant(approver.tenantId, (tx) => grantDirectly(tx, approver, meta, request)),

    endTemporary: (actor: Actor, meta: RequestMeta, id: string, grantId: string) =>
      database.tenant(actor.tenantId, (tx) => endTemporaryAccess(tx, actor, meta, id, grantId)),

    ofGroup: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        await findGroup(actor.tenantId, tx, id);
        return groupAnswer(await findGroupAdminRoles(actor.tenantId, tx, id));
      }),

    setOfGroup: (actor: Actor, meta: RequestMeta, id: string, roles: readonly AdminRole[]) =>
      database.tenant(actor.tenantId, async (tx) => {
        const group = await findGroup(actor.tenantId, tx, id);
        return groupAnswer(await changeGroupAdminRoles(tx, actor, meta, group, roles));
      }),
  };
}

export type AdminRoleService = ReturnType<typeof createAdminRoleService>;
