import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  ipRanges,
  signedInUsers,
  signInNetworks,
  tenants,
  userAdminRoles,
  users,
} from '../../db/schema/index.js';

/** How long a network stays usual after the last sign-in from it. */
export const USUAL_DAYS = 30;

/** A network's last sign-in time is written at most once an hour (sign-ins are hot). */
const TOUCH_AFTER = sql`now() - interval '1 hour'`;

/**
 * Everything the check needs in one statement: the tenant's choices, the user, whether the user signed
 * in before, whether the tenant has an allow-list, whether it knows any usual network yet and whether
 * this one is usual (key look-ups).
 */
export async function findAlertState(tenantId: string, db: Executor, userId: string, network: string | null) {
  const recent = sql`now() - make_interval(days => ${USUAL_DAYS})`;
  const [row] = await db
    .select({
      tenantName: tenants.name,
      notifyUnusualSignIns: tenants.notifyUnusualSignIns,
      notifySecurityAdmins: tenants.notifySecurityAdmins,
      email: users.email,
      firstName: users.firstName,
      isAdmin: users.isAdmin,
      signedInBefore: sql<boolean>`exists (select 1 from ${signedInUsers}
        where ${signedInUsers.tenantId} = ${users.tenantId} and ${signedInUsers.userId} = ${users.id})`,
      hasAllowList: sql<boolean>`exists (select 1 from ${ipRanges} where ${ipRanges.tenantId} = ${tenants.id})`,
      knowsNetworks: sql<boolean>`exists (select 1 from ${signInNetworks}
        where ${signInNetworks.tenantId} = ${tenants.id} and ${signInNetworks.lastSeenAt} > ${recent})`,
      usualNetwork: sql<boolean>`exists (select 1 from ${signInNetworks}
        where ${signInNetworks.tenantId} = ${tenants.id} and ${signInNetworks.network} = ${network ?? ''}
        and ${signInNetworks.lastSeenAt} > ${recent})`,
      networkSeenThisHour: sql<boolean>`exists (select 1 from ${signInNetworks}
        where ${signInNetworks.tenantId} = ${tenants.id} and ${signInNetworks.network} = ${network ?? ''}
        and ${signInNetworks.lastSeenAt} > ${TOUCH_AFTER})`,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

export type AlertState = NonNullable<Awaited<ReturnType<typeof findAlertState>>>;

/** The user has signed in: their next sign-ins are judged against this one's browser and network. */
export async function rememberSignedIn(tenantId: string, db: Executor, userId: string) {
  await db.insert(signedInUsers).values({ tenantId, userId }).onConflictDoNothing();
}

/**
 * The network is usual from now on. The caller touches it only when findAlertState found it not seen
 * this hour: an upsert locks the row even when its WHERE leaves it unchanged, and every sign-in of a
 * tenant's office comes from one network, so touching it at each one queued them all behind each other's
 * transactions (bench/README "Platform scale").
 */
export async function touchNetwork(tenantId: string, db: Executor, network: string) {
  await db
    .insert(signInNetworks)
    .values({ tenantId, network })
    .onConflictDoUpdate({
      target: [signInNetworks.tenantId, signInNetworks.network],
      set: { lastSeenAt: sql`now()` },
      setWhere: sql`${signInNetworks.lastSeenAt} < ${TOUCH_AFTER}`,
    });
}

/** The tenant's enabled Security administrators other than `userId`: the copy of an administrator's alert. */
export async function findSecurityAdministrators(tenantId: string, db: Executor, userId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(userAdminRoles)
    .innerJoin(users, and(eq(users.tenantId, userAdminRoles.tenantId), eq(users.id, userAdminRoles.userId)))
    .where(
      and(
        eq(userAdminRoles.tenantId, tenantId),
        eq(userAdminRoles.role, 'SecurityAdministrator'),
        ne(users.id, userId),
        ne(users.status, 'Disabled'),
      ),
    );
}
