import { type StorageCreate, storageEndpoints } from '@skyvault/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { resourceQueries } from '../../core/api/resourceQueries';
import { FORM_META } from '../../core/queryClient';

/**
 * The storage dialog's calls. The dialog serves the Storages screen and the connection dialog's "Add a
 * storage", so it lives below both; its keys are the storage lists' (core/api), which the Storages list
 * and the connection dialog's storage picker both read, so a new storage shows in each.
 */
export const storageResource = resourceQueries('storages', storageEndpoints);

/** The modal reports its errors next to its fields (FORM_META); create answers the id and the server's message. */
export function useCreateStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StorageCreate) => callApi(storageEndpoints.create, { body }),
    onSuccess: () => storageResource.refreshLists(queryClient),
    meta: FORM_META,
  });
}

export const useUpdateStorage = storageResource.useUpdate;
