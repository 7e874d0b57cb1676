import { type StorageCreate, storageEndpoints } from '@skyvault/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { resourceQueries } from '../../core/api/resourceQueries';
import { FORM_META } from '../../core/queryClient';

/** The connection modal's storage picker lives under the same lists, so it shows a change too. */
const storages = resourceQueries('storages', storageEndpoints);

export const storageKeys = storages.keys;
export const storagesQuery = storages.listQuery;
export const useStorages = storages.useList;

/** The modal reports its errors next to its fields (FORM_META); create answers the server's message. */
export function useCreateStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StorageCreate) => callApi(storageEndpoints.create, { body }),
    onSuccess: () => storages.refreshLists(queryClient),
    meta: FORM_META,
  });
}

export const useUpdateStorage = storages.useUpdate;

/**
 * Failed deletes of storages are swallowed (SPEC.md §8), so no toast from the shared handler; it still
 * sends an ended session to login. The screen itself explains the one refusal worth telling (in use).
 */
export const useDeleteStorage = () => storages.useRemove({ quiet: true });
