import {
  type ApiTokenCreate,
  type ApiTokenList,
  apiTokenEndpoints,
  systemEndpoints,
} from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { resourceKeys } from '../../core/api/queryKeys';
import { FORM_META } from '../../core/queryClient';

/**
 * The same list and keys as Security → API Tokens (one cache: a token made here shows there, one
 * revoked there goes from here), narrowed to the SCIM tokens.
 */
const apiTokenKeys = resourceKeys('api-tokens');

/** PUBLIC_URL + /scim/v2, as the API knows it: the console's own address may not be the public one. */
export const useProvisioningSettings = () =>
  useQuery({
    queryKey: ['system', 'provisioning'],
    queryFn: ({ signal }) => callApi(systemEndpoints.provisioning, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useScimTokens = () =>
  useQuery({
    queryKey: apiTokenKeys.lists(),
    queryFn: ({ signal }) => callApi(apiTokenEndpoints.list, { signal }),
    select: (list: ApiTokenList) => list.apiTokens.filter((token) => token.scope === 'scim'),
  });

/** Always of scope `scim`; the answer holds the token in full, this once. */
export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ApiTokenCreate, 'scope'>) =>
      callApi(apiTokenEndpoints.create, { body: { ...body, scope: 'scim' } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokenKeys.lists() }),
    meta: FORM_META,
  });
}
