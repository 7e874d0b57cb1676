import type { UserSearchBy } from '@skyvault/contract';
import { and, asc, eq, inArray, isNotNull, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AppDb, Executor } from '../../db/client.js';
import { kept } from '../../db/prepared.js';
import { tenants, users } from '../../db/schema/index.js';
import { TRIGRAM_MIN_LENGTH, userIdsMatching } from '../../db/search.js';
import { containsPattern } from '../../lib/sql.js';
import type { RangeBounds } from '../ip-ranges/index.js';

export type UserRow = typeof users.$inferSelect;
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'passwordHash'
    | 'voidedPasswordHash'
    | 'status'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'isAdmin'
    | 'groupId'
    | 'emailVerifiedAt'
    | 'emailUnprovenSince'
    | 'externalId'
    | 'scimManaged'
    | 'scimWorkEmail'
  >
>;

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/**
 * Sign-in look-up by tenant name and e-mail, with what the login needs next (the tenant's services,
 * the user's second factors, the tenant's MFA policy and network ranges) in the same round trip.
 * `mfaRequired`: the user has a second factor (an enabled authenticator or a passkey).
 * Runs before a tenant is known (owner connection), through the SQL function skyvault_login_account
 * (migrations 0009 and 0018), whose plan is kept: every password login starts here.
 */
const loginAccountFields = {
  user: {
    id: sql<string>`found.user_id`,
    email: sql<string>`found.email`,
    firstName: sql<string>`found.first_name`,
    lastName: sql<string>`found.last_name`,
    isAdmin: sql<boolean>`found.is_admin`,
    status: sql`found.user_status`.mapWith(users.status),
    passwordHash: sql<string | null>`found.password_hash`,
    /** The password an administrator's reset erased, while the user must set a new one (migration 0028). */
    voidedPasswordHash: sql<string | null>`found.voided_password_hash`,
  },
  tenant: {
    id: sql<string>`found.tenant_id`,
    name: sql<string>`found.tenant_name`,
    status: sql`found.tenant_status`.mapWith(tenants.status),
    services: sql`found.services`.mapWith(tenants.services),
  },
  mfaRequired: sql<boolean>`found.mfa_required`,
  ipRanges: sql<RangeBounds[]>`found.ip_ranges`,
  /** The factors and the tenant's MFA policy (migration 0018): the login decides on enrolment. */
  factors: {
    totp: sql<boolean>`found.has_totp`,
    passkey: sql<boolean>`found.has_passkey`,
  },
  mfaPolicy: {
    policy: sql`found.mfa_policy`.mapWith(tenants.mfaPolicy),
    graceDays: sql<number>`found.mfa_grace_days`,
    enforcedAt: sql`found.mfa_enforced_at`.mapWith(tenants.mfaEnforcedAt),
    userCreatedAt: sql`found.user_created_at`.mapWith(users.createdAt),
  },
};

export async function findForLogin(db: Executor, tenantName: string, email: string) {
  const [row] = await db
    .select(loginAccountFields)
    .from(sql`skyvault_login_account(${tenantName}, ${email}) as found`);
  return row ?? null;
}

export type LoginAccount = NonNullable<Awaited<ReturnType<typeof findForLogin>>>;

/**
 * The same look-up in the statement of another one-row query that must precede it (the login's rate
 * gate: a FROM item and its columns, with placeholders for its `values`): a password login then costs
 * one round trip before the password is checked, not two. The statement is built and prepared once
 * per name (db/prepared.ts `kept`). `beside` answers that query's row; `found` is null for an unknown
 * account.
 */
export async function findForLoginBeside<B extends Record<string, SQL>>(
  db: AppDb,
  tenantName: string,
  email: string,
  beside: { name: string; from: SQL; fields: B; values: Record<string, unknown> },
): Promise<{
  beside: { [K in keyof B]: B[K] extends SQL<infer T> ? T : never };
  found: LoginAccount | null;
}> {
  const statement = kept(db, `login_account_beside_${beside.name}`, () =>
    db
      .select({ beside: beside.fields, ...loginAccountFields })
      .from(
        sql`${beside.from} left join lateral skyvault_login_account(${sql.placeholder('tenantName')}, ${sql.placeholder('email')}) as found on true`,
      ),
  );
  const [row] = await statement.execute({ ...beside.values, tenantName, email });
  const { beside: besideRow, ...found } = row as unknown as LoginAccount & { beside: never };
  return { beside: besideRow, found: found.user?.id ? found : null };
}

/**
 * The active tenants an e-mail address belongs to (the e-mail login flow's select-tenant step). An
 * account whose address was changed and is not proven yet is left out: no login code is sent for it.
 */
export async function findTenantsByEmail(db: Executor, email: string) {
  return db
    .select({ id: tenants.id, name: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(sameEmail(email), eq(tenants.status, 'active'), isNull(users.emailUnprovenSince)))
    .orderBy(asc(tenants.name));
}

/** The enabled users of active tenants whose changed address is this one and still waits for its proof. */
export async function findUnprovenAddresses(db: Executor, email: string) {
  return db
    .select({ user: users, tenant: { id: tenants.id, name: tenants.name } })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(
        sameEmail(email),
        eq(tenants.status, 'active'),
        isNotNull(users.emailUnprovenSince),
        ne(users.status, 'Disabled'),
      ),
    );
}

/** The users with this e-mail whose sign-up still waits for verification, with their tenant. */
export async function findPendingSignUps(db: Executor, email: string) {
  return db
    .select({ user: users, tenant: { id: tenants.id, name: tenants.name } })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(sameEmail(email), eq(tenants.status, 'pending'), eq(users.status, 'WaitConfirmation')));
}

export async function findUser(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The user, locked until the transaction ends. A mailed link is issued or used under this lock, and
 * a change of address takes it with its update: a link either sees the new address or is voided by
 * the change, never slips between them.
 */
export async function lockUser(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('update');
  return row ?? null;
}

/** The tenant's user with this e-mail address, whatever its case. */
export async function findUserByEmail(tenantId: string, db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sameEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function insertUser(
  tenantId: string,
  db: Executor,
  values: Omit<typeof users.$inferInsert, 'tenantId'>,
) {
  const [row] = await db
    .insert(users)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateUser(tenantId: string, db: Executor, userId: string, values: UserChanges) {
  const [row] = await db
    .update(users)
    // A new password leaves nothing of the one an administrator's reset erased.
    .set({ ...values, ...(values.passwordHash ? { voidedPasswordHash: null } : {}), updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  return row ?? null;
}

/** The same expression as the trigram index of migration 0001, so that every search can use it. */
export const userSearchText = sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;
const nameText = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * A search condition over users: the indexed expression narrows the rows, and searching by name or
 * e-mail only then checks that part of it (a name must not match on the address and back).
 */
export function userSearch(text: string | undefined, by: UserSearchBy = 'user'): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  if (text.length >= TRIGRAM_MIN_LENGTH) return userIdsMatching(pattern, by);
  return scanSearch(pattern, by);
}

/**
 * The condition of a term shorter than a trigram, which reads the tenant's rows; the pattern is a value,
 * or a placeholder in a statement built once (the users list).
 */
export function scanSearch(pattern: string | Placeholder, by: UserSearchBy): SQL | undefined {
  const anywhere = sql`${userSearchText} ilike ${pattern}`;
  if (by === 'name') return and(anywhere, sql`${nameText} ilike ${pattern}`);
  if (by === 'email') return and(anywhere, sql`lower(${users.email}) ilike ${pattern}`);
  return anywhere;
}

/** Which search condition userSearch builds: its SQL text differs for each (see db/prepared.ts). */
export const searchShape = (text: string | undefined, by: UserSearchBy = 'user') =>
  !text ? 'all' : text.length >= TRIGRAM_MIN_LENGTH ? `trigram_${by}` : `scan_${by}`;

/** E-mail addresses are unique per tenant regardless of case (the unique index says the same). */
export async function emailTaken(tenantId: string, db: Executor, email: string, exceptId?: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sameEmail(email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** The administrators who can reach the console, with their names (what other modules offer to pick). */
export function listWorkingAdmins(tenantId: string, db: Executor) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.isAdmin, true),
        inArray(users.status, ['Confirmed', 'ForceResetPassword']),
      ),
    )
    .orderBy(asc(users.email));
}

export async function deleteUser(tenantId: string, db: Executor, userId: string) {
  await db.delete(users).where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/**
 * The tenant's enabled administrators with the tenant's name: whom a notice about the whole tenant
 * (an endpoint that disabled itself, a connection that needs attention) is mailed to.
 */
export function listAdminRecipients(tenantId: string, db: Executor) {
  return db
    .select({ email: users.email, firstName: users.firstName, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.isAdmin, true), ne(users.status, 'Disabled')));
}

/** What invitation and reset e-mails say: the organisation's name and who sent it. */
export async function findMailContext(tenantId: string, db: Executor, actorId: string) {
  const [row] = await db
    .select({ tenantName: tenants.name, actorFirstName: users.firstName, actorLastName: users.lastName })
    .from(tenants)
    .leftJoin(users, and(eq(users.tenantId, tenants.id), eq(users.id, actorId)))
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return {
    tenantName: row?.tenantName ?? '',
    actorName: `${row?.actorFirstName ?? ''} ${row?.actorLastName ?? ''}`.trim() || 'Your administrator',
  };
}

/**
 * Whether someone besides the administrator who signed up has been added: a part of the setup guide's
 * one statement (modules/setup-guide), read from the trigger-kept count rather than by counting users.
 */
export const tenantHasSeveralUsers = (tenantId: string) =>
  sql<boolean>`coalesce((select users from user_counts where tenant_id = ${tenantId}), 0) > 1`;
