import {
  type AdminRole,
  adminRoleEndpoints,
  type EndpointQuery,
  permissionEndpoints,
  type TemporaryAccessGrant,
  userEndpoints,
} from '@skyvault/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signedInSessionKeys } from '../../components/sessions/useSessionEnding';
import { pageQueryOf } from '../../components/useListParams';
import { callApi } from '../../core/api/client';
import { groupKeys } from '../../core/api/queryKeys';
import { resourceQueries } from '../../core/api/resourceQueries';

/** A user's change shows in the groups too: their user counts and member tables. */
const users = resourceQueries('users', userEndpoints, { alsoRefresh: [groupKeys.all] });

export const userKeys = users.keys;
export const usersQuery = users.listQuery;

type UsersListQuery = EndpointQuery<typeof userEndpoints.list>;

/** The Users screen's list call for a page of the list and its filters (the screen, and its early read). */
export const usersPageQuery = (
  position: { pageSize: number; offset: number; search: string },
  filters: Omit<UsersListQuery, 'limit' | 'offset' | 'after' | 'searchText' | 'searchBy'>,
) => ({
  ...pageQueryOf(position),
  searchBy: 'user' as const,
  ...filters,
});

/**
 * A tenant's users run to tens of thousands. The page after one already fetched is asked by key
 * (`after`: that page's `next`), which the API finds through its index however deep it is; a page
 * reached any other way (a link, a reload, a new page size) is asked by offset. The cache keeps the
 * page's offset as its identity either way, so the URL's page and the cache agree.
 */
export function useUsers(query: UsersListQuery & { limit: number; offset: number }) {
  const queryClient = useQueryClient();
  return useQuery({
    ...usersQuery(query),
    queryFn: ({ signal }) => {
      const previous =
        query.offset >= query.limit
          ? queryClient.getQueryData(usersQuery({ ...query, offset: query.offset - query.limit }).queryKey)
          : undefined;
      const asked = previous?.next ? { ...query, offset: 0, after: previous.next } : query;
      return callApi(userEndpoints.list, { query: asked, signal });
    },
  });
}
export const useUser = users.useOne;
/** The modal reports its errors next to its fields (FORM_META). */
export const useCreateUser = users.useCreate;

/**
 * What the user's page shows beside the user and a save may change: the effective permissions (a new
 * group, so a new role), the factors, and the sessions (disabling, a new password or address end
 * them). The details themselves are the save's answer, already in the cache.
 */
function refreshUserPage(queryClient: QueryClient, id: string) {
  const details = userKeys.detail(id);
  void queryClient.invalidateQueries({
    queryKey: details,
    predicate: (query) => query.queryKey.length > details.length,
  });
  void queryClient.invalidateQueries({ queryKey: signedInSessionKeys.ofUser(id) });
}

export const useUpdateUser = () =>
  users.useUpdate((queryClient, user) => refreshUserPage(queryClient, user.id));

/** Resend invitation: a new link for a user who has not set a password yet (the old one stops working). */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(userEndpoints.resendInvitation, { params: { id } }),
    onSuccess: (user) => users.store(queryClient, user),
  });
}
/**
 * Failed deletes of users are swallowed (SPEC.md §8), so no toast from the shared handler; the
 * screen itself tells the one refusal worth telling (the last administrator).
 */
export const useDeleteUser = () => users.useRemove({ quiet: true });

/** What the user may do in each service through their group's role (the answer the services act on). */
export const useUserPermissions = (id: string) =>
  useQuery({
    queryKey: [...userKeys.detail(id), 'permissions'],
    queryFn: ({ signal }) => callApi(permissionEndpoints.ofUser, { params: { id }, signal }),
  });

/** Reset password; with `removePasskeys` the user's passkeys go too (their count is under the details). */
export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, removePasskeys }: { id: string; removePasskeys?: boolean }) =>
      callApi(userEndpoints.resetPassword, {
        params: { id },
        body: removePasskeys ? { removePasskeys } : null,
      }),
    // The reset ends the user's sessions and may remove their passkeys: the whole page is read again.
    onSettled: (_, __, { id }) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: signedInSessionKeys.ofUser(id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

/** The user's administrator roles and what they give (the details carry the roles too). */
export const useUserAdminRoles = (id: string) =>
  useQuery({
    queryKey: [...userKeys.detail(id), 'admin-roles'],
    queryFn: ({ signal }) => callApi(adminRoleEndpoints.ofUser, { params: { id }, signal }),
  });

/** Sets the user's administrator roles; the user, the lists and this answer are read again. */
export function useSetUserAdminRoles(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adminRoles: AdminRole[]) =>
      callApi(adminRoleEndpoints.setOfUser, { params: { id }, body: { adminRoles } }),
    onSuccess: (answer) => {
      queryClient.setQueryData([...userKeys.detail(id), 'admin-roles'], answer);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

/** Grants the user a role, or a permission on one connection, for a time; the answer replaces the roles. */
export function useGrantTemporaryAccess(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TemporaryAccessGrant) =>
      callApi(adminRoleEndpoints.grantTemporary, { params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData([...userKeys.detail(id), 'admin-roles'], answer);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

/** Ends a grant for a time before its end. */
export function useEndTemporaryAccess(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantId: string) => callApi(adminRoleEndpoints.endTemporary, { params: { id, grantId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
