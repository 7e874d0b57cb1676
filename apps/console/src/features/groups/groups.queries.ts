import {
  type Group,
  type GroupCreate,
  type GroupListQuery,
  type GroupPatch,
  type GroupUsersQuery,
  groupEndpoints,
  PICKER_BATCH_SIZE,
  ROLE_PICKER_SIZE,
  roleEndpoints,
} from '@skyvault/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { nextOffset } from '../../components/pickerHelpers';
import { callApi } from '../../core/api/client';
import { groupKeys, sharedKeys } from '../../core/api/queryKeys';

export const groupsQuery = (query: GroupListQuery) =>
  queryOptions({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => callApi(groupEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useGroups = (query: GroupListQuery) => useQuery(groupsQuery(query));
export const useGroup = (id: string) =>
  useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => callApi(groupEndpoints.get, { params: { id }, signal }),
  });

/** One page of the group's users (the details screen's table, the edit screen's member list). */
export const useGroupUsers = (id: string, query: GroupUsersQuery) =>
  useQuery({
    queryKey: groupKeys.usersPage(id, query),
    queryFn: ({ signal }) => callApi(groupEndpoints.users, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** The edit screen's users picker: users not in the group, 25 a batch, filtered by the search. */
export function useGroupCandidates(id: string, search: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.candidates(id, search),
    queryFn: ({ pageParam, signal }) =>
      callApi(groupEndpoints.users, {
        params: { id },
        query: { isRelated: false, limit: PICKER_BATCH_SIZE, offset: pageParam, search: search || undefined },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      nextOffset(
        pages.reduce((sum, page) => sum + page.rows.length, 0),
        last.count,
        last.rows.length,
      ),
    placeholderData: keepPreviousData,
  });
}

/** The role picker of the group forms: ROLE_PICKER_SIZE roles matching what is typed (SPEC.md §9). */
export const useRoleOptions = (searchText: string) =>
  useQuery({
    queryKey: ['roles', 'list', 'picker', searchText] as const,
    queryFn: ({ signal }) =>
      callApi(roleEndpoints.list, {
        query: { limit: ROLE_PICKER_SIZE, searchText: searchText || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A group or its users changed: groups, and the users whose group shows in their rows, may differ now. */
function refresh(queryClient: QueryClient, group?: Group) {
  if (group) queryClient.setQueryData(groupKeys.detail(group.id), group);
  void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: sharedKeys.users.all });
}

/** The forms report their errors next to their fields, so the shared handler's toast is off for them. */
const FORM_META = { errorToast: false } as const;

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupCreate) => callApi(groupEndpoints.create, { body }),
    onSuccess: (group) => refresh(queryClient, group),
    meta: FORM_META,
  });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GroupPatch }) =>
      callApi(groupEndpoints.update, { params: { id }, body }),
    onSuccess: (group) => {
      refresh(queryClient, group);
      // A new role removed every user.
      void queryClient.invalidateQueries({ queryKey: groupKeys.users(group.id) });
    },
    meta: FORM_META,
  });
}

/** Adds and removes users in one go: the edit screen saves its picker's changes together. */
export function useSaveGroupUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, added, removed }: { id: string; added: string[]; removed: string[] }) => {
      if (added.length > 0) {
        await callApi(groupEndpoints.addUsers, {
          params: { id },
          body: { users: added.map((userId) => ({ id: userId })) },
        });
      }
      for (const userId of removed) await callApi(groupEndpoints.removeUser, { params: { id, userId } });
    },
    onSettled: (_, __, { id }) => {
      refresh(queryClient);
      void queryClient.invalidateQueries({ queryKey: groupKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.users(id) });
    },
  });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(groupEndpoints.remove, { params: { id } }),
    onSuccess: (_, id) =>
      // Marked stale rather than removed: the details screen may still be on screen.
      void queryClient.invalidateQueries({ queryKey: groupKeys.detail(id), refetchType: 'none' }),
    onSettled: () => refresh(queryClient),
  });
}
