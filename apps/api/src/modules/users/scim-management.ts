import type { UserStatus } from '@skyvault/contract';
import { NOT_FOUND, SCIM_MESSAGES } from '@skyvault/contract';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import * as provisioning from './provisioning.repository.js';

/**
 * Which users an identity provider's SCIM client may change (docs/scim.md): the users SCIM created or
 * that an administrator put under it (users.scim_managed), and never an administrator. It may read
 * every user (a provider finds the accounts that already exist by filter), but it changes no other:
 * a SCIM token that could rewrite an administrator's address could take the account over.
 */

export type { ProvisionedUserField, ProvisionedUserFilter } from './provisioning.repository.js';
export { PROVISIONED_USER_FIELD_KINDS } from './provisioning.repository.js';

/** A call made with an API token of the scim scope. */
export const isScimActor = (actor: Actor) => actor.token?.scope === 'scim';

/** Why SCIM may not change this user, or undefined when it may. */
export function scimRefusal(user: { scimManaged: boolean; isAdmin: boolean }) {
  if (user.isAdmin) return SCIM_MESSAGES.adminNotManaged;
  return user.scimManaged ? undefined : SCIM_MESSAGES.notManaged;
}

/**
 * Refuses (403) a SCIM client's change of a user it does not manage, and any change of the fields
 * only an administrator sets (administrator rights, being under SCIM). Other actors pass. The users
 * service calls it inside the change's transaction, on the row it is about to change.
 */
export function assertScimMayChange(
  actor: Actor,
  user: { scimManaged: boolean; isAdmin: boolean },
  change: { isAdmin?: boolean | undefined; scimManaged?: boolean | undefined } = {},
) {
  if (!isScimActor(actor)) return;
  const refusal = scimRefusal(user);
  if (refusal) throw forbidden(refusal);
  if (change.isAdmin !== undefined || change.scimManaged !== undefined)
    throw forbidden(SCIM_MESSAGES.adminNotManaged);
}

/**
 * The users among these ids a SCIM client may not move in or out of a group, each with the reason:
 * the group decides the user's role, which is the console's to set for the users SCIM does not
 * manage. Empty for any other actor; ids that are not the tenant's users are left to the caller.
 */
export async function scimUnmovable(actor: Actor, tx: Executor, userIds: string[]) {
  const refused = new Map<string, string>();
  if (!isScimActor(actor) || userIds.length === 0) return refused;
  for (const user of await provisioning.findScimManagement(actor.tenantId, tx, userIds)) {
    const refusal = scimRefusal(user);
    if (refusal) refused.set(user.id, refusal);
  }
  return refused;
}

/** Refuses (403) a SCIM client's move of a user it does not manage, inside the group change's transaction. */
export async function assertScimMayMove(actor: Actor, tx: Executor, userIds: string[]) {
  const [refusal] = (await scimUnmovable(actor, tx, userIds)).values();
  if (refusal) throw forbidden(refusal);
}

/** The members of a page of groups, as a provisioning client lists them with the groups. */
export const listMembersOfGroups = (tenantId: string, tx: Executor, groupIds: string[]) =>
  provisioning.listMembersOfGroups(tenantId, tx, groupIds);

/** A user as a provisioning client sees them. */
export interface ProvisionedUser {
  id: string;
  email: string;
  /** The work e-mail the client sent apart from the userName; null when it is the address. */
  workEmail: string | null;
  firstName: string;
  lastName: string;
  status: UserStatus;
  isAdmin: boolean;
  scimManaged: boolean;
  externalId: string | null;
  group: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

const toProvisioned = (row: provisioning.ProvisionedUserRow): ProvisionedUser => ({
  id: row.id,
  email: row.email,
  workEmail: row.workEmail,
  firstName: row.firstName,
  lastName: row.lastName,
  status: row.status,
  isAdmin: row.isAdmin,
  scimManaged: row.scimManaged,
  externalId: row.externalId,
  group: row.groupId && row.groupName !== null ? { id: row.groupId, name: row.groupName } : null,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** What the users service answers a provisioning client: every user, found by its filters. */
export function provisionedUsers(database: Database) {
  return {
    /** One page of the users a provisioning client asks for, with their count. */
    async listProvisioned(
      actor: Actor,
      filter: provisioning.ProvisionedUserFilter | null,
      page: { offset: number; limit: number },
    ) {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        provisioning.listProvisioned(actor.tenantId, tx, filter, page),
      );
      return { users: rows.map(toProvisioned), total: count };
    },

    async findProvisioned(actor: Actor, id: string) {
      const rows = await database.tenant(actor.tenantId, (tx) =>
        provisioning.provisionedRows(
          actor.tenantId,
          tx,
          { op: 'eq', field: 'id', value: id },
          { offset: 0, limit: 1 },
        ),
      );
      if (!rows[0]) throw notFound(NOT_FOUND.user);
      return toProvisioned(rows[0]);
    },
  };
}
