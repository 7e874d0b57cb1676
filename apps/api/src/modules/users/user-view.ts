import type { AdminRole } from '@skyvault/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  groups,
  mfaDevices,
  passkeys,
  userAdminRoles,
  userInvitations,
  users,
} from '../../db/schema/index.js';

/** Who sent a pending invitation: a second reading of the users table. */
const inviter = alias(users, 'inviter');

/** Whether the user has a second factor: an enabled authenticator or any passkey (a factor like any other). */
const mfaEnrolled = sql<boolean>`(exists (select 1 from ${mfaDevices} where ${mfaDevices.tenantId} = ${users.tenantId} and ${mfaDevices.userId} = ${users.id} and ${mfaDevices.status} = 'Enable') or exists (select 1 from ${passkeys} where ${passkeys.tenantId} = ${users.tenantId} and ${passkeys.userId} = ${users.id}))`;

/**
 * A user as the console shows them: their group's name and their pending invitation with its sender
 * (joins of one row each, see `joinView`), whether MFA is on, and when they last signed in. The joined
 * columns are typed nullable: a user may have no group and no invitation.
 */
export const userView = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  isAdmin: users.isAdmin,
  adminRoles: sql<
    AdminRole[]
  >`array(select ${userAdminRoles.role} from ${userAdminRoles} where ${userAdminRoles.tenantId} = ${users.tenantId} and ${userAdminRoles.userId} = ${users.id})`,
  scimManaged: users.scimManaged,
  groupId: users.groupId,
  groupName: sql<string | null>`${groups.name}`,
  isEnableMfa: mfaEnrolled,
  lastSignInAt: users.lastSignInAt,
  invitationSentAt: sql`${userInvitations.sentAt}`.mapWith(userInvitations.sentAt) as SQL<Date | null>,
  invitationExpiresAt: sql`${userInvitations.expiresAt}`.mapWith(
    userInvitations.expiresAt,
  ) as SQL<Date | null>,
  inviterId: sql<string | null>`${inviter.id}`,
  inviterFirstName: sql<string | null>`${inviter.firstName}`,
  inviterLastName: sql<string | null>`${inviter.lastName}`,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** The joins userView reads from beside the users table. Only a user still waiting has an invitation. */
export const joinView = <T extends PgSelect>(query: T) =>
  query
    .leftJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .leftJoin(
      userInvitations,
      and(
        eq(users.status, 'WaitConfirmation'),
        eq(userInvitations.tenantId, users.tenantId),
        eq(userInvitations.userId, users.id),
      ),
    )
    .leftJoin(
      inviter,
      and(eq(inviter.tenantId, userInvitations.tenantId), eq(inviter.id, userInvitations.invitedBy)),
    );

export async function findUserView(tenantId: string, db: Executor, userId: string) {
  const [row] = await joinView(db.select(userView).from(users).$dynamic())
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}
export type UserViewRow = NonNullable<Awaited<ReturnType<typeof findUserView>>>;

/**
 * The users with a second factor, as a set the list's MFA filter tests ids against: a hashed semi-join
 * over the tenant's enabled authenticators (mfa_devices_enabled_user_idx) and passkeys, where a test
 * per row would look both up for every user counted.
 */
export const mfaEnrolledIds = (tenant: SQL | ReturnType<typeof sql.placeholder>) =>
  sql`(select ${mfaDevices.userId} from ${mfaDevices} where ${mfaDevices.tenantId} = ${tenant} and ${mfaDevices.status} = 'Enable' union select ${passkeys.userId} from ${passkeys} where ${passkeys.tenantId} = ${tenant})`;
