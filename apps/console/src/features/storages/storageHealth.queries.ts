import { storageEndpoints, storageHealthEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storageHealthKeys, storageResource } from '../../components/storages/storageWrites';
import { callApi } from '../../core/api/client';

/** How often the banner asks again: the server checks every storage hourly, so minutes suffice. */
export const UNHEALTHY_STORAGES_REFRESH_MS = 5 * 60_000;

/**
 * The tenant's storages that failed their last check, for the banner on every page. A failure stays
 * quiet (the banner is a hint, not the page's content); an ended session still goes to the shared handler.
 */
export const useUnhealthyStorages = () =>
  useQuery({
    queryKey: storageHealthKeys.unhealthy(),
    queryFn: ({ signal }) => callApi(storageHealthEndpoints.unhealthy, { signal }),
    refetchInterval: UNHEALTHY_STORAGES_REFRESH_MS,
    meta: { errorToast: false },
  });

/** A storage's last checks, for its page (shared storages have none to show). */
export const useStorageChecks = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: storageHealthKeys.checks(id),
    queryFn: ({ signal }) => callApi(storageHealthEndpoints.checks, { params: { id }, signal }),
    enabled,
  });

/**
 * Check now: the answer is the storage as the check left it. Its page, the list, the checks and the
 * banner all show health, so all are refreshed.
 */
export function useCheckStorage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(storageEndpoints.check, { params: { id } }),
    onSuccess: (storage) => storageResource.store(queryClient, storage),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: storageHealthKeys.checks(id) });
      void queryClient.invalidateQueries({ queryKey: storageHealthKeys.unhealthy() });
    },
  });
}
