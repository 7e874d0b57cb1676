import { z } from 'zod';
import { enumOf, oneOfMessage, USER_STATUSES } from '../enums.js';
import { uuidSchema } from '../rules/text.js';
import { SORT_ORDERS, type SortOrder } from './connection.js';
import { booleanQuerySchema, listCursorQuerySchema, listQuerySchema } from './list.js';

/** What the list's searchText is matched against: 'user' is the name or the e-mail. */
export const USER_SEARCH_BY = ['user', 'name', 'email'] as const;
export type UserSearchBy = (typeof USER_SEARCH_BY)[number];

/**
 * The users list's sortable columns. Ties go to the id, so that pages never overlap; 'status' orders
 * the users of one status most recently updated first, 'lastSignInAt' puts users who never signed in
 * after everyone else when newest first (before them when oldest first).
 */
export const USER_SORT_FIELDS = ['name', 'email', 'status', 'lastSignInAt', 'updatedAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
/** Without a sort asked for: most recently updated first (SPEC.md §2 lists no other order). */
export const DEFAULT_USER_SORT = { sort: 'updatedAt', order: 'DESC' } as const satisfies {
  sort: UserSortField;
  order: SortOrder;
};

/** The MFA filter: users with a second factor (an enabled authenticator or a passkey), or without. */
export const USER_MFA_FILTERS = ['enrolled', 'notEnrolled'] as const;
export type UserMfaFilter = (typeof USER_MFA_FILTERS)[number];
export const USER_MFA_FILTER_LABELS: Record<UserMfaFilter, string> = {
  enrolled: 'MFA enrolled',
  notEnrolled: 'MFA not enrolled',
};

/**
 * GET /v1/users: the spec's columns are accepted and ignored (see list.ts). Filters (ours): `status`
 * ('WaitConfirmation' lists the pending invitations), `groupId`, `isAdmin`, `mfa`; `sort` and `order`.
 * `after` (ours) pages by key from the row the previous page's `next` names, in the default order
 * without filters; `offset` then counts from there. Filtered or otherwise sorted lists page by offset
 * (their `next` is null).
 */
export const USER_LIST_MESSAGES = {
  cursorNeedsDefaultOrder: 'after pages the default order only: page a filtered or sorted list with offset',
  status: oneOfMessage('Status', USER_STATUSES),
  mfa: oneOfMessage('MFA', USER_MFA_FILTERS),
  sort: oneOfMessage('Sort', USER_SORT_FIELDS),
  order: oneOfMessage('Order', SORT_ORDERS),
} as const;

export const userListQuerySchema = listQuerySchema
  .extend({
    searchBy: z.enum(USER_SEARCH_BY).default('user'),
    status: enumOf(USER_STATUSES, USER_LIST_MESSAGES.status).optional(),
    groupId: uuidSchema.optional(),
    isAdmin: booleanQuerySchema.optional(),
    mfa: enumOf(USER_MFA_FILTERS, USER_LIST_MESSAGES.mfa).optional(),
    sort: enumOf(USER_SORT_FIELDS, USER_LIST_MESSAGES.sort).default(DEFAULT_USER_SORT.sort),
    order: enumOf(SORT_ORDERS, USER_LIST_MESSAGES.order).default(DEFAULT_USER_SORT.order),
    after: listCursorQuerySchema.optional(),
  })
  .superRefine((query, ctx) => {
    const narrowed = [query.status, query.groupId, query.isAdmin, query.mfa].some((v) => v !== undefined);
    const reordered = query.sort !== DEFAULT_USER_SORT.sort || query.order !== DEFAULT_USER_SORT.order;
    if (query.after && (narrowed || reordered)) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: USER_LIST_MESSAGES.cursorNeedsDefaultOrder });
    }
  });
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListFilters = Pick<
  z.output<typeof userListQuerySchema>,
  'status' | 'groupId' | 'isAdmin' | 'mfa'
>;
