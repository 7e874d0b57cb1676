import {
  type ListCursor,
  MAX_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  type SortOrder,
  type UserListFilters,
  type UserSearchBy,
  type UserSortField,
} from '@skyvault/contract';
import { and, asc, desc, eq, not, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { keptIn } from '../../db/prepared.js';
import { tenants, users } from '../../db/schema/index.js';
import { TRIGRAM_MIN_LENGTH, userIdsMatching, userKeysMatching } from '../../db/search.js';
import { containsPattern } from '../../lib/sql.js';
import { joinView, mfaEnrolledIds, userView } from './user-view.js';
import { scanSearch, searchShape } from './users.repository.js';

/** What a page of the users list is asked with (the contract's list query, parsed). */
export interface UserListPage extends UserListFilters {
  limit: number;
  offset: number;
  searchText?: string;
  searchBy?: UserSearchBy;
  after?: ListCursor;
  sort?: UserSortField;
  order?: SortOrder;
}

/**
 * One page of a tenant's users and the count of all that match. The default list (no filter, most
 * recently updated first) is the one opened most, on tenants of 100,000 users: it has a statement of
 * its own, paged by key. A filter or another order takes `listFilteredOrSorted`, paged by offset.
 */
export function listUsers(tenantId: string, db: Executor, query: UserListPage) {
  const filtered =
    query.status !== undefined || query.groupId !== undefined || query.isAdmin !== undefined || query.mfa;
  const sorted = (query.sort ?? 'updatedAt') !== 'updatedAt' || (query.order ?? 'DESC') !== 'DESC';
  return filtered || sorted
    ? listFilteredOrSorted(tenantId, db, query)
    : listRecentlyUpdated(tenantId, db, query);
}

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
async function listRecentlyUpdated(tenantId: string, db: Executor, query: UserListPage) {
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
    return joinView(
      db
        .with(matched)
        .select({ ...userView, total, micros: updatedMicros })
        .from(page)
        .innerJoin(users, and(eq(users.tenantId, tenant), eq(users.id, page.id)))
        .$dynamic(),
    ).orderBy(desc(users.updatedAt), desc(users.id));
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

const nameKey = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
const by = (key: SQL | PgColumn, order: SortOrder) => (order === 'ASC' ? asc(key) : desc(key));
const reverse = (order: SortOrder): SortOrder => (order === 'ASC' ? 'DESC' : 'ASC');

/**
 * Each sort's ORDER BY, written as its index of migration 0030 reads forwards or backwards (the users
 * list never sorts at run time): name and the id; the e-mail (unique in the tenant); the status, then
 * most recently updated first; the last sign-in with those who never signed in at the end when newest
 * first; the update time and the id.
 */
const ORDER_BY: Record<UserSortField, (order: SortOrder) => SQL[]> = {
  name: (order) => [by(nameKey, order), by(users.id, order)],
  email: (order) => [by(sql`lower(${users.email})`, order)],
  status: (order) => [
    by(users.status, order),
    by(users.updatedAt, reverse(order)),
    by(users.id, reverse(order)),
  ],
  lastSignInAt: (order) => [
    order === 'DESC'
      ? sql`${users.lastSignInAt} desc nulls last`
      : sql`${users.lastSignInAt} asc nulls first`,
    by(users.id, order),
  ],
  updatedAt: (order) => [by(users.updatedAt, order), by(users.id, order)],
};

/**
 * A page of the users list filtered (status, group, administrator, MFA) or in another order, with the
 * count of every match. The page walks the sort's index and stops at the page's end; the count is one
 * sub-select over the same conditions (an index-only count on the narrower filters). Built once per
 * shape (which filters, search, sort and order; an offset) with its values as placeholders, like the
 * default list. The administrator and MFA filters are part of the shape, not values: the
 * administrators' partial index serves only a statement that says `is_admin` in its text.
 */
async function listFilteredOrSorted(tenantId: string, db: Executor, query: UserListPage) {
  const { searchText, status, groupId, isAdmin, mfa } = query;
  const searchBy = query.searchBy ?? 'user';
  const sort = query.sort ?? 'updatedAt';
  const order = query.order ?? 'DESC';
  const fetched = pageFetchSize(query.limit);
  const filters = [
    status ? 'status' : '',
    groupId ? 'group' : '',
    isAdmin === undefined ? '' : isAdmin ? 'admin' : 'member',
    mfa ?? '',
  ].join('_');
  const shape = `users_list_by_${searchShape(searchText, searchBy)}_${filters}_${sort}_${order}${query.offset > 0 ? '_offset' : ''}_${fetched}`;
  const tenant = sql.placeholder('tenantId');
  const where = () => {
    const pattern = sql.placeholder('pattern');
    const search = !searchText
      ? undefined
      : searchText.length >= TRIGRAM_MIN_LENGTH
        ? userIdsMatching(pattern, sql.placeholder('part'))
        : scanSearch(pattern, searchBy);
    const enrolled = sql`${users.id} in ${mfaEnrolledIds(tenant)}`;
    return and(
      eq(users.tenantId, tenant),
      search,
      status ? eq(users.status, sql.placeholder('status')) : undefined,
      groupId ? eq(users.groupId, sql.placeholder('groupId')) : undefined,
      isAdmin === undefined ? undefined : isAdmin ? sql`${users.isAdmin}` : not(users.isAdmin),
      mfa === undefined ? undefined : mfa === 'enrolled' ? enrolled : not(enrolled),
    );
  };
  // Only sorted, the list counts the whole tenant: the trigger-kept counter answers (migration 0006).
  // Otherwise the count's own reading of the users table (unqualified, its columns name the inner one).
  const narrowed = Boolean(searchText) || filters !== '___';
  const total = () =>
    narrowed
      ? sql<number>`(select count(*)::int from ${users} where ${where()})`.mapWith(Number)
      : sql<number>`(select users::int from user_counts where tenant_id = ${tenant})`.mapWith(Number);
  const values = {
    tenantId,
    offset: query.offset,
    ...(searchText ? { pattern: containsPattern(searchText), part: searchBy } : {}),
    ...(status ? { status } : {}),
    ...(groupId ? { groupId } : {}),
  };
  const rows = await keptIn(db, shape, () =>
    joinView(
      db
        .select({ ...userView, total: total() })
        .from(users)
        .$dynamic(),
    )
      .where(where())
      .orderBy(...ORDER_BY[sort](order))
      // A number in the text, not a parameter: see pageFetchSize.
      .limit(sql.raw(String(fetched)) as unknown as number)
      .offset(query.offset > 0 ? sql.placeholder('offset') : 0),
  ).execute(values);
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    const [counted] = await keptIn(db, `${shape}_count`, () =>
      db.select({ total: total() }).from(tenants).where(eq(tenants.id, tenant)),
    ).execute(values);
    count = counted?.total ?? 0;
  }
  return {
    rows: rows.slice(0, query.limit).map(({ total: _total, ...row }) => row),
    count,
    next: null,
  };
}
