import { expiringCredentialsEndpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { resourceKeys } from '../../core/api/queryKeys';

/** The server warns daily; the banner asks again every few minutes, and after any provider change. */
export const EXPIRING_REFRESH_MS = 5 * 60_000;

/**
 * Providers whose credentials expire within 30 days or have expired, for the banner on every page.
 * Kept apart from identity-providers.queries so that the shell loads only this. A failure stays quiet.
 */
export const useExpiringCredentials = () =>
  useQuery({
    queryKey: [...resourceKeys('identity-providers').all, 'expiring'] as const,
    queryFn: ({ signal }) => callApi(expiringCredentialsEndpoints.list, { signal }),
    refetchInterval: EXPIRING_REFRESH_MS,
    meta: { errorToast: false },
  });
