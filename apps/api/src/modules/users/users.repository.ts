import { type ListCursor, MAX_PAGE_SIZE, PAGE_SIZE_OPTIONS, type UserSearchBy } from '@skyvault/contract';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AppDb, Executor } from '../../db/client.js';
import { kept, keptIn } from '../../db/prepared.js';
import { groups, mfaDevices, passkeys, tenants, users } from '../../db/schema/index.js';
import { TRIGRAM_MIN_LENGTH, userIdsMatching, userKeysMatching } from '../../db/search.js';
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
function scanSearch(pattern: string | Placeholder, by: UserSearchBy): SQL | undefined {
  const anywhere = sql`${userSearchText} ilike ${pattern}`;
  if (by === 'name') return and(anywhere, sql`${nameText} ilike ${pattern}`);
  if (by === 'email') return and(anywhere, sql`lower(${users.email}) ilike ${pattern}`);
  return anywhere;
}

/** Which search condition userSearch builds: its SQL text differs for each (see db/prepared.ts). */
const searchShape = (text: string | undefined, by: UserSearchBy = 'user') =>
  !text ? 'all' : text.length >= TRIGRAM_MIN_LENGTH ? `trigram_${by}` : `scan_${by}`;

/** A user as the console shows them: their group's name (one join) and whether MFA is on. */
const userView = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  isAdmin: users.isAdmin,
  scimManaged: users.scimManaged,
  groupId: users.groupId,
  groupName: groups.name,
  // Enrolled: an enabled authenticator or any passkey (a passkey is a factor like any other).
  isEnableMfa: sql<boolean>`(exists (select 1 from ${mfaDevices} where ${mfaDevices.tenantId} = ${users.tenantId} and ${mfaDevices.userId} = ${users.id} and ${mfaDevices.status} = 'Enable') or exists (select 1 from ${passkeys} where ${passkeys.tenantId} = ${users.tenantId} and ${passkeys.userId} = ${users.id}))`,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const withGroup = and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId));

/** The list's order key as an exact number of microseconds (a JavaScript date keeps milliseconds). */
const updatedMicros = sql<string>`(extract(epoch from ${users.updatedAt}) * 1000000)::bigint::text`;

/**
 * How many rows a list page's statement reads: the next page size offered (PAGE_SIZE_OPTIONS) at or
 * above the one asked for, and one more to tell whether a page follows. It is written into the
 * statement's text, one statement per size. With the limit a parameter, PostgreSQL's generic plan
 * (kept after five runs of a prepared statement) must guess how many rows a page takes, guesses a
 * tenth of the tenant, and reads the whole users table to join them by hashing (over 100 ms at
 * 100,000 users); so it planned every call anew instead (about 1 ms of the database's time a page,
 * more than running it). With the size known, the generic plan walks the index for the page's rows
 * alone, and is kept.
 */
export const pageFetchSize = (limit: number) =>
  (PAGE_SIZE_OPTIONS.find((size) => size >= limit) ?? MAX_PAGE_SIZE) + 1;

/**
 * One page of a tenant's users, most recently updated first, and the count of all that match, in one
 * statement. The page's keys come first, then its rows: the index (tenant_id, updated_at desc, id desc)
 * gives the order without a sort and, on its own, the keys (an index-only scan). With `after` the page
 * starts below that key, wherever it is in the index; an offset alone skips index entries one by one,
 * which is what makes a deep offset slow. One key more than the page is read to know whether a next
 * page exists. Without a search the tenant's total is kept by a trigger (migration 0006); a search finds
 * its users once and counts the same set (the trigram look-up is the search's cost, so it is not made
 * twice).
 *
 * The statement is built once for each shape (search or not, and how; a cursor; an offset), its values
 * given as placeholders, and kept (db/prepared.ts `keptIn`): building it anew cost the API a fifth of a
 * list request's time. PostgreSQL parses it once per connection and, its page size written into it
 * (pageFetchSize), keeps one plan for it.
 */
export async function listUsers(
  tenantId: string,
  db: Executor,
  query: {
    limit: number;
    offset: number;
    searchText?: string;
    searchBy?: UserSearchBy;
    after?: ListCursor;
  },
) {
  const { searchText, after } = query;
  const searchBy = query.searchBy ?? 'user';
  const fetched = pageFetchSize(query.limit);
  const shape = `users_list_${searchShape(searchText, searchBy)}${after ? '_after' : ''}${query.offset > 0 ? '_offset' : ''}_${fetched}`;
  const tenant = sql.placeholder('tenantId');
  const statements = () => {
    // A trigram search reads its matches from the search function below; the condition serves the
    // others, and says that there is a search (the count is then the matches').
    const search = searchText ? scanSearch(sql.placeholder('pattern'), searchBy) : undefined;
    // A trigram search answers the matches' order keys itself: the page is sorted and the matches
    // counted from them, without reading each match again. (The keys get names of their own: drizzle
    // leaves a derived column unqualified, and `id` would be ambiguous in the join below.)
    const matched = db.$with('matched').as(
      searchText && searchText.length >= TRIGRAM_MIN_LENGTH
        ? db
            .select({
              id: sql<string>`keys.id`.as('match_id'),
              updatedAt: sql<Date>`keys.updated_at`.as('match_updated_at'),
            })
            .from(sql`${userKeysMatching(sql.placeholder('pattern'), sql.placeholder('part'))} as keys`)
        : db
            .select({
              id: sql<string>`${users.id}`.as('match_id'),
              updatedAt: sql<Date>`${users.updatedAt}`.as('match_updated_at'),
            })
            .from(users)
            .where(and(eq(users.tenantId, tenant), search)),
    );
    const page = db
      .select({ id: matched.id })
      .from(matched)
      .where(
        after &&
          sql`(${matched.updatedAt}, ${matched.id}) < (timestamptz 'epoch' + ${sql.placeholder('afterMicros')}::bigint * interval '1 microsecond', ${sql.placeholder('afterId')}::uuid)`,
      )
      .orderBy(desc(matched.updatedAt), desc(matched.id))
      // A number in the text, not a parameter: see pageFetchSize. (Drizzle makes a number a parameter.)
      .limit(sql.raw(String(fetched)) as unknown as number)
      .offset(query.offset > 0 ? sql.placeholder('offset') : 0)
      .as('page');
    const total = search
      ? sql<number>`(select count(*)::int from ${sql.identifier('matched')})`.mapWith(Number)
      : sql<number>`(select users::int from user_counts where tenant_id = ${tenant})`.mapWith(Number);
    return { matched, page, total };
  };
  const values = {
    tenantId,
    offset: query.offset,
    ...(searchText ? { pattern: containsPattern(searchText), part: searchBy } : {}),
    ...(after ? { afterMicros: after.micros, afterId: after.id } : {}),
  };
  const rows = await keptIn(db, shape, () => {
    const { matched, page, total } = statements();
    return db
      .with(matched)
      .select({ ...userView, total, micros: updatedMicros })
      .from(page)
      .innerJoin(users, and(eq(users.tenantId, tenant), eq(users.id, page.id)))
      .leftJoin(groups, withGroup)
      .orderBy(desc(users.updatedAt), desc(users.id));
  }).execute(values);
  // A page past the end has no row to carry the count: only then is it asked for on its own.
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && (query.offset > 0 || after)) {
    const [counted] = await keptIn(db, `${shape}_count`, () => {
      const { matched, total } = statements();
      return db.with(matched).select({ total }).from(tenants).where(eq(tenants.id, tenant));
    }).execute(values);
    count = counted?.total ?? 0;
  }
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    rows: rows.slice(0, query.limit).map(({ total: _total, micros: _micros, ...row }) => row),
    count,
    next: last ? { micros: last.micros, id: last.id } : null,
  };
}

export async function findUserView(tenantId: string, db: Executor, userId: string) {
  const [row] = await db
    .select(userView)
    .from(users)
    .leftJoin(groups, withGroup)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}
export type UserViewRow = NonNullable<Awaited<ReturnType<typeof findUserView>>>;

/** E-mail addresses are unique per tenant regardless of case (the unique index says the same). */
export async function emailTaken(tenantId: string, db: Executor, email: string, exceptId?: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sameEmail(email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/**
 * The tenant's administrators who can still reach the console (not disabled, not waiting for their
 * invitation), locked until the transaction ends: two administrators demoting each other at the same
 * time then cannot both pass the last-administrator check.
 */
export async function lockWorkingAdmins(tenantId: string, db: Executor) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.isAdmin, true),
        inArray(users.status, ['Confirmed', 'ForceResetPassword']),
      ),
    )
    .for('update');
  return rows.map((row) => row.id);
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
