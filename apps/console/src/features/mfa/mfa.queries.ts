import {
  MAX_PAGE_SIZE,
  type MfaDeviceCreate,
  type MfaStepUpProof,
  type MfaVerify,
  mfaEndpoints,
} from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { resourceReads } from '../../core/api/resourceQueries';
import { FORM_META } from '../../core/queryClient';

const devices = resourceReads('mfa', mfaEndpoints);

export const mfaKeys = devices.keys;
export const mfaDevicesQuery = devices.listQuery;
export const mfaDeviceQuery = devices.detailQuery;
export const useMfaDevices = devices.useList;
export const useMfaDevice = devices.useOne;
/**
 * The names of the user's devices that hold `text` (searched by the API): what a proposed name must not
 * repeat. A user has a handful of devices; the first MAX_PAGE_SIZE matches are plenty.
 */
export const useMfaDeviceNames = (text: string) =>
  useQuery({
    queryKey: [...mfaKeys.lists(), 'names', text],
    queryFn: async ({ signal }) => {
      const page = await callApi(mfaEndpoints.list, {
        query: { limit: MAX_PAGE_SIZE, offset: 0, searchText: text },
        signal,
      });
      return page.mfa.map((device) => device.name);
    },
  });

/** A device changed: its details are the answer, and every list may show it differently now. */
const storeDevice = devices.store;

/*
 * Creating, verifying, renaming and the step-up of Disable, Delete and Reset secret report their errors
 * next to the form field (FORM_META); the screens pass other errors on themselves.
 */

export function useCreateMfaDevice() {
  return useMutation({
    mutationFn: (body: MfaDeviceCreate) => callApi(mfaEndpoints.create, { body }),
    meta: FORM_META,
  });
}

export function useVerifyMfaDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: MfaVerify & { id: string }) =>
      callApi(mfaEndpoints.verify, { params: { id }, body: { code } }),
    // The recovery codes of a first factor are shown once by the screen and never kept in the cache.
    onSuccess: ({ recoveryCodes: _shownOnce, ...device }) => storeDevice(queryClient, device),
    meta: FORM_META,
  });
}

export function useRenameMfaDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: MfaDeviceCreate & { id: string }) =>
      callApi(mfaEndpoints.rename, { params: { id }, body: { name } }),
    onSuccess: (device) => storeDevice(queryClient, device),
    meta: FORM_META,
  });
}

/**
 * What Disable, Delete and Reset secret send: the proof of a current factor when the device is enabled
 * (the API refuses removing an enabled factor without one), nothing otherwise.
 */
export interface MfaDeviceChange {
  id: string;
  proof?: MfaStepUpProof;
}

/** Gives the device a new secret; it then waits for a code from the new secret (status WaitConfirmation). */
export function useResetMfaSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, proof }: MfaDeviceChange) =>
      callApi(mfaEndpoints.reset, { params: { id }, body: proof }),
    onSuccess: (_, { id }) => void queryClient.invalidateQueries({ queryKey: mfaKeys.detail(id) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: mfaKeys.lists() }),
    meta: FORM_META,
  });
}

export function useDeleteMfaDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, proof }: MfaDeviceChange) =>
      callApi(mfaEndpoints.remove, { params: { id }, body: proof }),
    onSuccess: (_, { id }) =>
      // Not removed: the details screen may still be on screen and would fetch it again (a 404). Marked
      // stale instead, so coming back to it later asks the server and finds it gone.
      void queryClient.invalidateQueries({ queryKey: mfaKeys.detail(id), refetchType: 'none' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: mfaKeys.lists() }),
    meta: FORM_META,
  });
}

export type MfaDeviceSwitch = 'enable' | 'disable';

/**
 * Enable or Disable. Their 'already enabled/disabled' conflicts are warnings rather than errors
 * (SPEC.md §4), so the caller reports errors itself.
 */
export function useSwitchMfaDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to, proof }: MfaDeviceChange & { to: MfaDeviceSwitch }) =>
      to === 'enable'
        ? callApi(mfaEndpoints.enable, { params: { id } })
        : callApi(mfaEndpoints.disable, { params: { id }, body: proof }),
    onSuccess: (device) => storeDevice(queryClient, device),
    // A refusal usually means the device changed elsewhere: show it as it is now.
    onError: (_, { id }) => void queryClient.invalidateQueries({ queryKey: mfaKeys.detail(id) }),
    meta: FORM_META,
  });
}
