import type { GroupListQuery, GroupUsersQuery } from '@skyvault/contract';

/** Query keys of groups, apart from their hooks so that the users feature can refresh them too. */
export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (query: GroupListQuery) => [...groupKeys.lists(), query] as const,
  picker: (searchText: string) => [...groupKeys.lists(), 'picker', searchText] as const,
  detail: (id: string) => [...groupKeys.all, 'detail', id] as const,
  users: (id: string) => [...groupKeys.all, 'users', id] as const,
  usersPage: (id: string, query: GroupUsersQuery) => [...groupKeys.users(id), query] as const,
  candidates: (id: string, search: string) => [...groupKeys.users(id), 'candidates', search] as const,
};
