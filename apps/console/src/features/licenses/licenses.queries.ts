import { LICENSE_SERVICE_BY_PRODUCT, licenseEndpoints, type ServiceKey } from '@skyvault/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';

export const licenseKeys = {
  all: ['licenses'] as const,
  state: (product: ServiceKey) => [...licenseKeys.all, 'state', product] as const,
  detail: (product: ServiceKey) => [...licenseKeys.all, 'detail', product] as const,
};

/** Each product's state has its own call (GET /v1/licenses/state/dbr and …/devops). */
const STATE_ENDPOINTS = {
  backup: licenseEndpoints.dbrState,
  devOps: licenseEndpoints.devopsState,
} as const;

export const licenseStateQuery = (product: ServiceKey) =>
  queryOptions({
    queryKey: licenseKeys.state(product),
    queryFn: ({ signal }) => callApi(STATE_ENDPOINTS[product], { signal }),
  });

export const licenseQuery = (product: ServiceKey) =>
  queryOptions({
    queryKey: licenseKeys.detail(product),
    queryFn: ({ signal }) =>
      callApi(licenseEndpoints.get, { query: { service: LICENSE_SERVICE_BY_PRODUCT[product] }, signal }),
  });

export const useLicenseState = (product: ServiceKey) => useQuery(licenseStateQuery(product));
export const useLicense = (product: ServiceKey) => useQuery(licenseQuery(product));

/**
 * Starts the product's 14-day trial. The answer is the new licence; the state is asked again either
 * way (SPEC.md §4: starting the trial reloads the state), since a refusal usually means it changed.
 */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ServiceKey) => callApi(licenseEndpoints.enableTrial, { body: { product } }),
    onSuccess: ({ license }, product) => queryClient.setQueryData(licenseKeys.detail(product), { license }),
    onSettled: (_, __, product) => queryClient.invalidateQueries({ queryKey: licenseKeys.state(product) }),
  });
}
