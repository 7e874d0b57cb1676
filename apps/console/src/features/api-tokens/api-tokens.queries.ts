import { apiTokenEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { sharedKeys } from '../../core/api/queryKeys';

/** Shared with Security → Provisioning, which lists the SCIM tokens of the same list. */
const apiTokenKeys = sharedKeys.apiTokens;

/** Every token of the tenant (the list is short and not paginated); never the tokens themselves. */
export const useApiTokens = () =>
  useQuery({
    queryKey: apiTokenKeys.lists(),
    queryFn: ({ signal }) => callApi(apiTokenEndpoints.list, { signal }),
  });

/** A refusal is the shared handler's toast. (Creating one: components/api-tokens.) */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiTokenEndpoints.revoke, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: apiTokenKeys.lists() }),
  });
}
