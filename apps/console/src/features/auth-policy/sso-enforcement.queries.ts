import {
  type DomainSignInUpdate,
  ssoEnforcementEndpoints as endpoints,
  identityProviderEndpoints,
} from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';

/** The single sign-on card's reads: the verified domains' settings and the break-glass list. */
const domainsKey = ['sso-enforcement', 'domains'] as const;
const breakGlassKey = ['sso-enforcement', 'break-glass'] as const;
/** The tenant's identity providers, for the routing's picker (one page: a tenant has a handful). */
const providersKey = ['sso-enforcement', 'providers'] as const;

export const useDomainSignIns = () =>
  useQuery({ queryKey: domainsKey, queryFn: ({ signal }) => callApi(endpoints.listDomains, { signal }) });

export const useBreakGlass = () =>
  useQuery({
    queryKey: breakGlassKey,
    queryFn: ({ signal }) => callApi(endpoints.listBreakGlass, { signal }),
  });

export const useProviderOptions = () =>
  useQuery({
    queryKey: providersKey,
    queryFn: ({ signal }) =>
      callApi(identityProviderEndpoints.list, { query: { limit: 100, offset: 0 }, signal }),
    select: (list) => list.identityProviders.filter((provider) => provider.active),
  });

/** The card shows refusals beside what was changed (FORM_META: no toast of its own). */
export function useUpdateDomainSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ domainId, body }: { domainId: string; body: DomainSignInUpdate }) =>
      callApi(endpoints.updateDomain, { params: { domainId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey }),
    meta: FORM_META,
  });
}

export function useAddBreakGlass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callApi(endpoints.addBreakGlass, { body: { userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: breakGlassKey }),
    meta: FORM_META,
  });
}

export function useRemoveBreakGlass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callApi(endpoints.removeBreakGlass, { params: { userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: breakGlassKey }),
    meta: FORM_META,
  });
}
