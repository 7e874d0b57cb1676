import { userMfaEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { userKeys } from './users.queries';

/** Under the user's details, so that whatever refreshes the user refreshes their factors too. */
const userMfaKey = (id: string) => [...userKeys.detail(id), 'mfa'] as const;

/** How many authenticators, passkeys and recovery codes the user has (counts only). */
export const useUserMfa = (id: string) =>
  useQuery({
    queryKey: userMfaKey(id),
    queryFn: ({ signal }) => callApi(userMfaEndpoints.get, { params: { id }, signal }),
  });

/** Removes all of the user's factors and recovery codes; a failure is the shared handler's toast. */
export function useResetUserMfa(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(userMfaEndpoints.reset, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: userMfaKey(id) }),
  });
}
