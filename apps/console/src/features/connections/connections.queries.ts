import {
  type ConnectionCreate,
  connectionEndpoints,
  type OrganizationType,
  PICKER_BATCH_SIZE,
  storageEndpoints,
} from '@skyvault/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { usePickerBatches } from '../../core/api/pickerQuery';
import { sharedKeys } from '../../core/api/queryKeys';
import { resourceReads } from '../../core/api/resourceQueries';
import { FORM_META } from '../../core/queryClient';
import { connectionHealthKeys } from './connectionHealth.queries';

const connections = resourceReads('connections', connectionEndpoints);

export const connectionKeys = connections.keys;
export const connectionsQuery = connections.listQuery;
export const connectionQuery = connections.detailQuery;
/** Paging, searching, sorting and filtering keep the current rows on screen until the next page arrives. */
export const useConnections = connections.useList;
/** One connection with its health and the org it is pinned to. */
export const useConnection = connections.useOne;

/**
 * Check now: the answer is the connection as the check left it. Its page, the list, the checks and the
 * banner all show health, so all are refreshed.
 */
export function useCheckConnection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(connectionEndpoints.check, { params: { id } }),
    onSuccess: (connection) => connections.store(queryClient, connection),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: connectionHealthKeys.checks(id) });
      void queryClient.invalidateQueries({ queryKey: connectionHealthKeys.unhealthy() });
    },
  });
}

/** The create modal reports its errors next to its fields, so the shared handler's toast is off for it. */
export function useCreateConnection() {
  return useMutation({
    mutationFn: (body: ConnectionCreate) => callApi(connectionEndpoints.create, { body }),
    meta: FORM_META,
  });
}

/**
 * Update Token: a new Salesforce login for the connection (the type cannot change). `rebind` is sent
 * only once an administrator confirmed that the login may pin the connection to a refreshed org.
 */
export function useRenewConnection() {
  return useMutation({
    mutationFn: ({
      id,
      organizationType,
      rebind,
    }: {
      id: string;
      organizationType: OrganizationType;
      rebind?: boolean;
    }) =>
      callApi(connectionEndpoints.renew, {
        params: { id },
        body: {
          connectionId: id,
          organizationType,
          authorizationMethod: 'authorization_code',
          ...(rebind ? { rebind: true } : {}),
        },
      }),
  });
}

/**
 * Failed deletes of connections are swallowed (SPEC.md §8): no toast from the shared handler, which still
 * sends an ended session to login. The list is refreshed either way, so it shows what is really there.
 */
export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(connectionEndpoints.remove, { params: { id } }),
    // Marked stale rather than removed: the connection's page is still on screen until it navigates away.
    onSuccess: (_, id) =>
      void queryClient.invalidateQueries({ queryKey: connectionKeys.detail(id), refetchType: 'none' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: connectionKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: connectionHealthKeys.unhealthy() });
    },
    meta: { errorToast: false },
  });
}

/**
 * The create modal's storage picker: storages in batches of 25, the next batch as the list is scrolled
 * to its end. Kept under the storage lists' key, so a storage added or removed elsewhere shows here too.
 */
export function useStoragePicker(enabled: boolean) {
  return usePickerBatches({
    queryKey: [...sharedKeys.storages.lists(), 'picker'] as const,
    fetchBatch: (offset, signal) =>
      callApi(storageEndpoints.list, { query: { limit: PICKER_BATCH_SIZE, offset }, signal }),
    rowsOf: (page) => page.rows,
    totalOf: (page) => page.count,
    enabled,
  });
}
