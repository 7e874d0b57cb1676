import { type ApiTokenCreate, apiTokenEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { resourceKeys } from '../../core/api/queryKeys';
import { FORM_META } from '../../core/queryClient';

export const apiTokenKeys = resourceKeys('api-tokens');

/** Every token of the tenant (the list is short and not paginated); never the tokens themselves. */
export const useApiTokens = () =>
  useQuery({
    queryKey: apiTokenKeys.lists(),
    queryFn: ({ signal }) => callApi(apiTokenEndpoints.list, { signal }),
  });

/** The answer holds the token in full, this once: the dialog shows it and nothing keeps it. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => callApi(apiTokenEndpoints.create, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokenKeys.lists() }),
    meta: FORM_META,
  });
}

/** A refusal is the shared handler's toast. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiTokenEndpoints.revoke, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: apiTokenKeys.lists() }),
  });
}
