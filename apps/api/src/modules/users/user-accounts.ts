import type { Executor } from '../../db/client.js';
import * as members from './group-members.repository.js';
import * as repo from './users.repository.js';

/**
 * What other modules read and change of users inside their own transaction: the sign-up, the password
 * and provider sign-ins, the password links, a group's members, the demo seed. Only this module writes
 * the users table, so that its rules (one address per tenant, the user counts, the audit of a change)
 * have one home; the callers keep their transaction and their audit events.
 */

export type { UserChanges, UserRow } from './users.repository.js';

type NewUser = Parameters<typeof repo.insertUser>[2];

/** Sign-in look-up by tenant name and e-mail, before a tenant is known (see users.repository.ts). */
export const findForLogin = (tx: Executor, tenantName: string, email: string) =>
  repo.findForLogin(tx, tenantName, email);
export const findForLoginBeside = repo.findForLoginBeside;
export type { LoginAccount } from './users.repository.js';

/** The active tenants an e-mail address belongs to (the e-mail login's select-tenant step). */
export const findTenantsByEmail = (tx: Executor, email: string) => repo.findTenantsByEmail(tx, email);

/** The users with this e-mail whose sign-up still waits for verification, with their tenant. */
export const findPendingSignUps = (tx: Executor, email: string) => repo.findPendingSignUps(tx, email);

/** The tenant's enabled administrators and the tenant's name, for notices mailed to them. */
export const listAdminRecipients = (tenantId: string, tx: Executor) => repo.listAdminRecipients(tenantId, tx);

/**
 * Who hears of a resource that needs attention (a connection or storage turning unhealthy): its creator,
 * if still an enabled user, and the administrators, each address once, with the tenant's name.
 */
export async function listCreatorAndAdmins(tenantId: string, tx: Executor, creatorId: string | null) {
  const admins = await repo.listAdminRecipients(tenantId, tx);
  const tenantName = admins[0]?.tenantName ?? '';
  const people = admins.map((a) => ({ email: a.email, firstName: a.firstName }));
  const creator = creatorId ? await repo.findUser(tenantId, tx, creatorId) : null;
  if (creator && creator.status !== 'Disabled')
    people.unshift({ email: creator.email, firstName: creator.firstName });
  // An administrator who created it gets one message, not two.
  const seen = new Set<string>();
  const once = people.filter((p) => {
    const key = p.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { tenantName, people: once };
}

/** The administrators who can reach the console (enabled, a password set or being reset), by address. */
export const listWorkingAdmins = (tenantId: string, tx: Executor) => repo.listWorkingAdmins(tenantId, tx);

export const findUser = (tenantId: string, tx: Executor, userId: string) =>
  repo.findUser(tenantId, tx, userId);

/**
 * The user, locked until the caller's transaction ends: what issues or uses a mailed password link
 * reads the address and its proof under this lock (see users.repository.ts).
 */
export const lockUser = (tenantId: string, tx: Executor, userId: string) =>
  repo.lockUser(tenantId, tx, userId);

/** The tenant's user with this e-mail address, whatever its case. */
export const findUserByEmail = (tenantId: string, tx: Executor, email: string) =>
  repo.findUserByEmail(tenantId, tx, email);

export const insertUser = (tenantId: string, tx: Executor, values: NewUser) =>
  repo.insertUser(tenantId, tx, values);

/** Changes the user's fields (updatedAt with them); null when the tenant has no such user. */
export const updateUser = (tenantId: string, tx: Executor, userId: string, changes: repo.UserChanges) =>
  repo.updateUser(tenantId, tx, userId, changes);

/** The group's users, or with isRelated false everyone else (the group edit screen's picker). */
export const listGroupUsers = (
  tenantId: string,
  tx: Executor,
  groupId: string,
  query: Parameters<typeof members.listGroupUsers>[3],
) => members.listGroupUsers(tenantId, tx, groupId, query);

/** Every user of the group, with their e-mail address. */
export const listGroupMembers = (tenantId: string, tx: Executor, groupId: string) =>
  members.listGroupMembers(tenantId, tx, groupId);

/** Which of these ids are the tenant's users. */
export const findTenantUserIds = (tenantId: string, tx: Executor, userIds: string[]) =>
  members.findTenantUserIds(tenantId, tx, userIds);

/** Moves the users into the group, from whichever group they were in. */
export const addUsersToGroup = (tenantId: string, tx: Executor, groupId: string, userIds: string[]) =>
  members.addUsersToGroup(tenantId, tx, groupId, userIds);

/** Takes one user out of the group; false when the user is not in it. */
export const removeUserFromGroup = (tenantId: string, tx: Executor, groupId: string, userId: string) =>
  members.removeUserFromGroup(tenantId, tx, groupId, userId);

/** Takes these users out of the group at once; answers the ids that were in it. */
export const removeUsersFromGroup = (tenantId: string, tx: Executor, groupId: string, userIds: string[]) =>
  members.removeUsersFromGroup(tenantId, tx, groupId, userIds);

/** Takes every user out of the group (its role changed); answers how many there were. */
export const clearGroupUsers = (tenantId: string, tx: Executor, groupId: string) =>
  members.clearGroupUsers(tenantId, tx, groupId);
