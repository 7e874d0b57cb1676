import {
  type ApprovalListQuery,
  type ApprovalPolicyUpdate,
  approvalEndpoints,
  type ElevationRequest,
} from '@skyvault/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';
import { useCan } from '../../core/session/permissions';

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (query: ApprovalListQuery) => ['approvals', 'list', query] as const,
  count: ['approvals', 'count'] as const,
  policy: ['approvals', 'policy'] as const,
};

/** The badge is read again this often, so a request made elsewhere shows without a reload. */
export const APPROVAL_COUNT_REFRESH_MS = 30_000;

export const useApprovals = (query: ApprovalListQuery) =>
  useQuery({
    queryKey: approvalKeys.list(query),
    queryFn: ({ signal }) => callApi(approvalEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Pending requests the signed-in administrator may decide (the badge); quiet when it fails. */
export function useApprovalCount() {
  const can = useCan();
  return useQuery({
    queryKey: approvalKeys.count,
    queryFn: ({ signal }) => callApi(approvalEndpoints.count, { signal }),
    enabled: can(approvalEndpoints.count),
    refetchInterval: APPROVAL_COUNT_REFRESH_MS,
    meta: { errorToast: false },
  });
}

export const useApprovalPolicy = () =>
  useQuery({
    queryKey: approvalKeys.policy,
    queryFn: ({ signal }) => callApi(approvalEndpoints.getPolicy, { signal }),
  });

export function useUpdateApprovalPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalPolicyUpdate) => callApi(approvalEndpoints.updatePolicy, { body }),
    onSuccess: (policy) => queryClient.setQueryData(approvalKeys.policy, policy),
    meta: FORM_META,
  });
}

/**
 * A decision or a cancel. An approved request's change is carried out at once and may be of any
 * resource (a connection, a storage, a role …), so every cached read is refreshed after it.
 */
export function useDecision() {
  const queryClient = useQueryClient();
  const settled = () => void queryClient.invalidateQueries();
  return {
    approve: useMutation({
      mutationFn: (id: string) => callApi(approvalEndpoints.approve, { params: { id }, body: {} }),
      onSettled: settled,
    }),
    deny: useMutation({
      mutationFn: ({ id, comment }: { id: string; comment: string }) =>
        callApi(approvalEndpoints.deny, { params: { id }, body: { comment } }),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
      meta: FORM_META,
    }),
    cancel: useMutation({
      mutationFn: (id: string) => callApi(approvalEndpoints.cancel, { params: { id } }),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
    }),
  };
}

/** Request elevation: the caller's own request, shown in their requests and the approvers' inbox. */
export function useRequestElevation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ElevationRequest) => callApi(approvalEndpoints.requestElevation, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
    meta: FORM_META,
  });
}
