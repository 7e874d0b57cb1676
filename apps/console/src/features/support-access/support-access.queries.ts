import { type SupportGrantCreate, supportAccessEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';

const supportAccessKey = ['support-access'] as const;

/** The grants, newest first, with their sessions (a short list, not paginated). */
export const useSupportGrants = () =>
  useQuery({
    queryKey: supportAccessKey,
    queryFn: ({ signal }) => callApi(supportAccessEndpoints.list, { signal }),
  });

export function useGrantSupportAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportGrantCreate) => callApi(supportAccessEndpoints.grant, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: supportAccessKey }),
    meta: FORM_META,
  });
}

/** A refusal is the shared handler's toast. */
export function useRevokeSupportAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(supportAccessEndpoints.revoke, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: supportAccessKey }),
  });
}
