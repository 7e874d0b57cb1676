import { type AuthPolicyPatch, authPolicyEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';

/** The tenant's one authentication policy (no list, no id). */
export const authPolicyKey = ['auth-policy'] as const;

export const useAuthPolicy = () =>
  useQuery({
    queryKey: authPolicyKey,
    queryFn: ({ signal }) => callApi(authPolicyEndpoints.get, { signal }),
  });

/** The form reports its errors next to its fields (FORM_META); the answer is the policy as saved. */
export function useUpdateAuthPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthPolicyPatch) => callApi(authPolicyEndpoints.update, { body }),
    onSuccess: (policy) => queryClient.setQueryData(authPolicyKey, policy),
    meta: FORM_META,
  });
}
