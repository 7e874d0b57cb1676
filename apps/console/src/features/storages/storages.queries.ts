import {
  type StorageCreate,
  type StorageListQuery,
  type StoragePatch,
  storageEndpoints,
} from '@skyvault/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { sharedKeys } from '../../core/api/queryKeys';

export const storageKeys = {
  ...sharedKeys.storages,
  list: (query: StorageListQuery) => [...storageKeys.lists(), query] as const,
};

export const storagesQuery = (query: StorageListQuery) =>
  queryOptions({
    queryKey: storageKeys.list(query),
    queryFn: ({ signal }) => callApi(storageEndpoints.list, { query, signal }),
    // Paging, searching and filtering keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useStorages = (query: StorageListQuery) => useQuery(storagesQuery(query));

/** Every list (this screen's and the connection modal's storage picker) may show the change. */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: storageKeys.lists() });
}

/** The modal reports its errors next to its fields, so the shared handler's toast is off for it. */
const FORM_META = { errorToast: false } as const;

export function useCreateStorage() {
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: (body: StorageCreate) => callApi(storageEndpoints.create, { body }),
    onSuccess: refreshLists,
    meta: FORM_META,
  });
}

export function useUpdateStorage() {
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StoragePatch }) =>
      callApi(storageEndpoints.update, { params: { id }, body }),
    onSuccess: refreshLists,
    meta: FORM_META,
  });
}

/**
 * Failed deletes of storages are swallowed (SPEC.md §8), so no toast from the shared handler; it still
 * sends an ended session to login. The screen itself explains the one refusal worth telling (in use).
 */
export function useDeleteStorage() {
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) => callApi(storageEndpoints.remove, { params: { id } }),
    onSettled: refreshLists,
    meta: { errorToast: false },
  });
}
