import {
  type AdminRole,
  adminRoleEndpoints,
  type GroupUsersQuery,
  groupEndpoints,
  PICKER_BATCH_SIZE,
  ROLE_PICKER_SIZE,
  roleEndpoints,
} from '@skyvault/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { usePickerBatches } from '../../core/api/pickerQuery';
import { groupKeys, sharedKeys } from '../../core/api/queryKeys';
import { resourceQueries } from '../../core/api/resourceQueries';

/** A group's change shows in the users too: their rows name their group. */
const groups = resourceQueries('groups', groupEndpoints, { alsoRefresh: [sharedKeys.users.all] });

export const groupsQuery = groups.listQuery;
export const useGroups = groups.useList;
export const useGroup = groups.useOne;
/** The forms report their errors next to their fields (FORM_META). */
export const useCreateGroup = groups.useCreate;
export const useUpdateGroup = () =>
  // A new role removed every user.
  groups.useUpdate((queryClient, group) => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.users(group.id) });
  });
export const useDeleteGroup = groups.useRemove;

/** One page of the group's users (the details screen's table, the edit screen's member list). */
export const useGroupUsers = (id: string, query: GroupUsersQuery) =>
  useQuery({
    queryKey: groupKeys.usersPage(id, query),
    queryFn: ({ signal }) => callApi(groupEndpoints.users, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** The edit screen's users picker: users not in the group, 25 a batch, filtered by the search. */
export function useGroupCandidates(id: string, search: string) {
  return usePickerBatches({
    queryKey: groupKeys.candidates(id, search),
    fetchBatch: (offset, signal) =>
      callApi(groupEndpoints.users, {
        params: { id },
        query: { isRelated: false, limit: PICKER_BATCH_SIZE, offset, search: search || undefined },
        signal,
      }),
    rowsOf: (page) => page.rows,
    totalOf: (page) => page.count,
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

const adminRolesKey = (id: string) => [...groupKeys.all, 'admin-roles', id] as const;

/** The administrator roles the group gives its members. */
export const useGroupAdminRoles = (id: string, enabled = true) =>
  useQuery({
    queryKey: adminRolesKey(id),
    enabled,
    queryFn: ({ signal }) => callApi(adminRoleEndpoints.ofGroup, { params: { id }, signal }),
  });

/** Sets the group's administrator roles; its members' rows (their roles) are read again. */
export function useSetGroupAdminRoles(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adminRoles: AdminRole[]) =>
      callApi(adminRoleEndpoints.setOfGroup, { params: { id }, body: { adminRoles } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminRolesKey(id), answer);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.users.all });
    },
  });
}
