import {
  type StorageCreate,
  type StorageTest,
  storageEndpoints,
  storageHealthEndpoints,
} from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { sharedKeys } from '../../core/api/queryKeys';
import { resourceQueries } from '../../core/api/resourceQueries';
import { FORM_META } from '../../core/queryClient';

/**
 * Health data lives under the storages' key, so that anything refreshing storages refreshes it too:
 * the banner's unhealthy storages, a storage's last checks, and what the platform allows in the forms.
 */
export const storageHealthKeys = {
  unhealthy: () => [...sharedKeys.storages.all, 'unhealthy'] as const,
  checks: (id: string) => [...sharedKeys.storages.all, 'checks', id] as const,
  settings: () => [...sharedKeys.storages.all, 'settings'] as const,
};

/**
 * The storage dialog's calls. The dialog serves the Storages screen and the connection dialog's "Add a
 * storage", so it lives below both; its keys are the storage lists' (core/api), which the Storages list
 * and the connection dialog's storage picker both read, so a new storage shows in each. Saving tests the
 * storage, so the banner of unhealthy storages is asked again too.
 */
export const storageResource = resourceQueries('storages', storageEndpoints, {
  alsoRefresh: [storageHealthKeys.unhealthy()],
});

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

/** One storage with its health (its page, and the connection page's storage). */
export const useStorage = storageResource.useOne;

/**
 * Test connection: the dialog's kind and credentials tried against the cloud, nothing saved. A refusal
 * of the call itself (a field the API rejects) goes next to the fields like a save's.
 */
export function useTestStorage() {
  return useMutation({
    mutationFn: (body: StorageTest) => callApi(storageEndpoints.test, { body }),
    meta: FORM_META,
  });
}

/**
 * What the platform allows in the forms (custom S3-compatible endpoints). Until it is known, or if it
 * cannot be had, the forms offer AWS's own endpoints only.
 */
export const useStorageSettings = () =>
  useQuery({
    queryKey: storageHealthKeys.settings(),
    queryFn: ({ signal }) => callApi(storageHealthEndpoints.settings, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
