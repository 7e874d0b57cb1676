import {
  DEFAULT_USER_SORT,
  type UserListQuery,
  type UserMfaFilter,
  type UserStatus,
  userListQuerySchema,
} from '@skyvault/contract';
import { useMemo } from 'react';
import type { SortDirection, TableSort } from '../../components/DataTable';
import type { ListParams } from '../../components/useListParams';

/** A URL value the contract's list query accepts for this field, or undefined (a stale or edited link). */
function known<T>(
  schema: { safeParse: (raw: unknown) => { success: true; data: T } | { success: false } },
  raw: string | undefined,
): T | undefined {
  if (raw === undefined) return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
const { shape } = userListQuerySchema;

export interface UserListFilters {
  status: UserStatus | undefined;
  groupId: string | undefined;
  /** 'true' administrators, 'false' everyone else. */
  isAdmin: boolean | undefined;
  mfa: UserMfaFilter | undefined;
  /** Whether one of the filters narrows the list (the empty state then does not show). */
  filtered: boolean;
  /** For the list call: filters, sort and order, only those set. */
  query: Pick<UserListQuery, 'status' | 'groupId' | 'isAdmin' | 'mfa' | 'sort' | 'order'>;
  /** The table's sortable headers. */
  sort: TableSort;
  set: (changes: { status?: string; groupId?: string; admin?: string; mfa?: string }) => void;
}

/** The filters and sort an address's query string asks for (a value the contract refuses is left out). */
function userListChoicesOf(param: (key: string) => string | undefined) {
  const admin = param('admin');
  return {
    status: known(shape.status, param('status')),
    groupId: known(shape.groupId, param('groupId')),
    isAdmin: admin === 'true' ? true : admin === 'false' ? false : undefined,
    mfa: known(shape.mfa, param('mfa')),
    sortField: param('sort') ? known(shape.sort, param('sort')) : undefined,
    direction: (param('order') === 'asc' ? 'asc' : 'desc') as SortDirection,
  };
}
type UserListChoices = ReturnType<typeof userListChoicesOf>;

/** For the list call: filters, sort and order, only those set. */
function listQueryOf({ status, groupId, isAdmin, mfa, sortField, direction }: UserListChoices) {
  const query: UserListFilters['query'] = {
    ...(status ? { status } : {}),
    ...(groupId ? { groupId } : {}),
    ...(isAdmin !== undefined ? { isAdmin } : {}),
    ...(mfa ? { mfa } : {}),
    ...(sortField ? { sort: sortField, order: direction === 'asc' ? 'ASC' : 'DESC' } : {}),
  };
  return query;
}

/** The list call's filters, sort and order for an address's query string (a cold open's early read). */
export const userListQueryOf = (searchParams: URLSearchParams) =>
  listQueryOf(userListChoicesOf((key) => searchParams.get(key) ?? undefined));

/**
 * The users list's filters and sort, kept in the URL beside its page and search
 * (`?status=WaitConfirmation&admin=true&mfa=enrolled&sort=name&order=asc`), so that a filtered list can
 * be linked and reloaded as it was; a change starts again from the first page.
 */
export function useUserListFilters(list: ListParams): UserListFilters {
  const { param, setParams } = list;
  const { status, groupId, isAdmin, mfa, sortField, direction } = userListChoicesOf(param);

  return useMemo(() => {
    const sorted = sortField ?? DEFAULT_USER_SORT.sort;
    return {
      status,
      groupId,
      isAdmin,
      mfa,
      filtered: Boolean(status || groupId || mfa) || isAdmin !== undefined,
      query: listQueryOf({ status, groupId, isAdmin, mfa, sortField, direction }),
      sort: {
        key: sorted,
        direction: sortField ? direction : 'desc',
        onChange: (key, next) => setParams({ sort: key, order: next }),
      },
      set: setParams,
    };
  }, [status, groupId, isAdmin, mfa, sortField, direction, setParams]);
}
