import type { GroupListQuery, GroupUsersQuery } from '@skyvault/contract';

/** A resource's cached data starts with its name, its lists with [name, 'list']. */
export const resourceKeys = <Name extends string>(name: Name) => ({
  all: [name] as const,
  lists: () => [name, 'list'] as const,
});

/**
 * Keys that more than one feature uses, kept below the features so that none imports another: a
 * user's change refreshes the groups (member counts), a group's change the users (their group); the
 * connection modal's storage picker lives under the storage lists and the role screens' connection
 * picker under the connection lists, so a change elsewhere shows in them too. The API tokens list is
 * read by Security → API Tokens and, narrowed to the SCIM tokens, by Security → Provisioning: a token
 * made or revoked on one shows on the other.
 */
export const sharedKeys = {
  users: resourceKeys('users'),
  storages: resourceKeys('storages'),
  connections: resourceKeys('connections'),
  apiTokens: resourceKeys('api-tokens'),
};

/** Groups: the group picker of the user and identity provider forms shares them with the groups screens. */
export const groupKeys = {
  ...resourceKeys('groups'),
  list: (query: GroupListQuery) => [...groupKeys.lists(), query] as const,
  picker: (searchText: string) => [...groupKeys.lists(), 'picker', searchText] as const,
  detail: (id: string) => [...groupKeys.all, 'detail', id] as const,
  users: (id: string) => [...groupKeys.all, 'users', id] as const,
  usersPage: (id: string, query: GroupUsersQuery) => [...groupKeys.users(id), query] as const,
  candidates: (id: string, search: string) => [...groupKeys.users(id), 'candidates', search] as const,
};
