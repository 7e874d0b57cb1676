import { type MfaDeviceCreate, type MfaVerify, mfaEndpoints } from '@skyvault/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { resourceReads } from '../../api/resourceQueries';

const devices = resourceReads('mfa', mfaEndpoints);

export const mfaKeys = devices.keys;
export const mfaDevicesQuery = devices.listQuery;
export const mfaDeviceQuery = devices.detailQuery;
export const useMfaDevices = devices.useList;
export const useMfaDevice = devices.useOne;
/** A device changed: its details are the answer, and every list may show it differently now. */
const storeDevice = devices.store;

/**
 * Creating, verifying and renaming report their errors next to the form field, so the shared
 * handler's toast is turned off for them; the forms pass other errors on themselves.
 */
const FORM_META = { errorToast: false } as const;

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
    onSuccess: (device) => storeDevice(queryClient, device),
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

/** Gives the device a new secret; it then waits for a code from the new secret (status WaitConfirmation). */
export function useResetMfaSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(mfaEndpoints.reset, { params: { id } }),
    onSuccess: (_, id) => void queryClient.invalidateQueries({ queryKey: mfaKeys.detail(id) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: mfaKeys.lists() }),
  });
}

export function useDeleteMfaDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(mfaEndpoints.remove, { params: { id } }),
    onSuccess: (_, id) =>
      // Not removed: the details screen may still be on screen and would fetch it again (a 404). Marked
      // stale instead, so coming back to it later asks the server and finds it gone.
      void queryClient.invalidateQueries({ queryKey: mfaKeys.detail(id), refetchType: 'none' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: mfaKeys.lists() }),
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
    mutationFn: ({ id, to }: { id: string; to: MfaDeviceSwitch }) =>
      callApi(mfaEndpoints[to], { params: { id } }),
    onSuccess: (device) => storeDevice(queryClient, device),
    // A refusal usually means the device changed elsewhere: show it as it is now.
    onError: (_, { id }) => void queryClient.invalidateQueries({ queryKey: mfaKeys.detail(id) }),
    meta: { errorToast: false },
  });
}
