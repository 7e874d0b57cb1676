import { type SecurityOverviewWindow, securityOverviewEndpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';

export const securityOverviewKeys = {
  all: ['security-overview'] as const,
  window: (window: SecurityOverviewWindow) => [...securityOverviewKeys.all, window] as const,
};

/** The overview is read again every minute while it is open: its figures are the database's now. */
const REFRESH_MS = 60_000;

export const useSecurityOverview = (window: SecurityOverviewWindow) =>
  useQuery({
    queryKey: securityOverviewKeys.window(window),
    queryFn: ({ signal }) => callApi(securityOverviewEndpoints.get, { query: { window }, signal }),
    refetchInterval: REFRESH_MS,
    // The page shows its own error with a retry.
    meta: { errorToast: false },
  });
