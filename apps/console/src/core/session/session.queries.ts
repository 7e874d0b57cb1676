import { sessionEndpoints } from '@skyvault/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api/client';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => callApi(sessionEndpoints.session, { signal }),
  // The session changes only by login, logout or the API saying it ended; no background refetching.
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
