import { groupEndpoints, identityProviderEndpoints, samlEndpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { groupKeys } from '../../core/api/queryKeys';
import { resourceQueries } from '../../core/api/resourceQueries';

const identityProviders = resourceQueries('identity-providers', identityProviderEndpoints);

export const identityProviderKeys = identityProviders.keys;
export const identityProvidersQuery = identityProviders.listQuery;
export const useIdentityProviders = identityProviders.useList;
export const useIdentityProvider = identityProviders.useOne;
export const useCreateIdentityProvider = identityProviders.useCreate;
export const useUpdateIdentityProvider = identityProviders.useUpdate;
export const useDeleteIdentityProvider = identityProviders.useRemove;
/** Enable or Disable (SPEC.md §4); a failure shows the shared handler's toast. */
export const useSwitchIdentityProvider = () => identityProviders.useCommand<'enable' | 'disable'>();

/**
 * The provider's default group, for its name (the provider holds only the id). Shares the groups
 * screens' cache entry; a group that is gone is shown as none rather than as an error.
 */
export const useDefaultGroup = (id: string | null) =>
  useQuery({
    queryKey: groupKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callApi(groupEndpoints.get, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
    meta: { errorToast: false },
  });

/** What a SAML test sign-in received (kept a few minutes by the API). */
export const useSamlTestResult = (id: string, resultId: string) =>
  useQuery({
    queryKey: [...identityProviderKeys.detail(id), 'test-sign-in', resultId],
    queryFn: ({ signal }) => callApi(samlEndpoints.testResult, { params: { id, resultId }, signal }),
    meta: { errorToast: false },
    retry: false,
  });
