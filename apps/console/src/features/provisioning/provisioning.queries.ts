import { type ApiTokenList, apiTokenEndpoints, systemEndpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { sharedKeys } from '../../core/api/queryKeys';

/** PUBLIC_URL + /scim/v2, as the API knows it: the console's own address may not be the public one. */
export const useProvisioningSettings = () =>
  useQuery({
    queryKey: ['system', 'provisioning'],
    queryFn: ({ signal }) => callApi(systemEndpoints.provisioning, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The same list and keys as Security → API Tokens (one cache: a token made here shows there, one
 * revoked there goes from here), narrowed to the SCIM tokens. Creating one is the API tokens' dialog
 * with its scope fixed (components/api-tokens).
 */
export const useScimTokens = () =>
  useQuery({
    queryKey: sharedKeys.apiTokens.lists(),
    queryFn: ({ signal }) => callApi(apiTokenEndpoints.list, { signal }),
    select: (list: ApiTokenList) => list.apiTokens.filter((token) => token.scope === 'scim'),
  });
