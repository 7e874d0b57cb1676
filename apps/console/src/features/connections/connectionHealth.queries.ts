import { connectionHealthEndpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { sharedKeys } from '../../core/api/queryKeys';

/** How often the banner asks again: the server checks every connection hourly, so minutes suffice. */
export const UNHEALTHY_REFRESH_MS = 5 * 60_000;

/**
 * Health data lives under the connections' key, so that anything refreshing connections refreshes it
 * too. Kept apart from connections.queries so that the shell's banner loads only this.
 */
export const connectionHealthKeys = {
  unhealthy: () => [...sharedKeys.connections.all, 'unhealthy'] as const,
  checks: (id: string) => [...sharedKeys.connections.all, 'checks', id] as const,
};

/**
 * The connections whose health needs a person, for the banner on every page. A failure stays quiet
 * (the banner is a hint, not the page's content); an ended session still goes to the shared handler.
 */
export const useUnhealthyConnections = () =>
  useQuery({
    queryKey: connectionHealthKeys.unhealthy(),
    queryFn: ({ signal }) => callApi(connectionHealthEndpoints.unhealthy, { signal }),
    refetchInterval: UNHEALTHY_REFRESH_MS,
    meta: { errorToast: false },
  });

/** A connection's last checks and its daily API usage, for its page. */
export const useConnectionHistory = (id: string) =>
  useQuery({
    queryKey: connectionHealthKeys.checks(id),
    queryFn: ({ signal }) => callApi(connectionHealthEndpoints.history, { params: { id }, signal }),
  });

/**
 * Before a Salesforce login: which Salesforce users of the tenant are at the approval limit. Asked
 * fresh each time (not cached): the answer changes with every login.
 */
export const fetchApprovalCap = (connectionId?: string) =>
  callApi(connectionHealthEndpoints.approvalCap, { query: connectionId ? { connectionId } : {} });
