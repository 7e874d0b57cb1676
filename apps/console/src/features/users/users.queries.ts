import { type User, type UserCreate, type UserPatch, userEndpoints } from '@skyvault/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { groupKeys } from '../../core/api/queryKeys';
import { resourceReads } from '../../core/api/resourceQueries';

const users = resourceReads('users', userEndpoints);

export const userKeys = users.keys;
export const usersQuery = users.listQuery;
export const useUsers = users.useList;
export const useUser = users.useOne;

/**
 * A user changed: the details are the answer; lists, and the groups whose user counts and member
 * tables show them, may read differently now.
 */
function storeUser(queryClient: QueryClient, user?: User) {
  if (user) users.store(queryClient, user);
  else void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: groupKeys.all });
}

/** The modal reports its errors next to its fields, so the shared handler's toast is off for it. */
const FORM_META = { errorToast: false } as const;

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreate) => callApi(userEndpoints.create, { body }),
    onSuccess: (user) => storeUser(queryClient, user),
    meta: FORM_META,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserPatch }) =>
      callApi(userEndpoints.update, { params: { id }, body }),
    onSuccess: (user) => storeUser(queryClient, user),
    meta: FORM_META,
  });
}

/**
 * Failed deletes of users are swallowed (SPEC.md §8), so no toast from the shared handler; the
 * screen itself tells the one refusal worth telling (the last administrator).
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(userEndpoints.remove, { params: { id } }),
    onSuccess: (_, id) =>
      // Marked stale rather than removed: the details screen may still be on screen.
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id), refetchType: 'none' }),
    onSettled: () => storeUser(queryClient),
    meta: { errorToast: false },
  });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(userEndpoints.resetPassword, { params: { id } }),
    onSettled: (_, __, id) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
