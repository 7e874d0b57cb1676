import { systemEndpoints } from '@skyvault/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api/client';

/** Calls the shell makes for itself; a failure here should never interrupt the user with a toast. */
export const brandQuery = queryOptions({
  queryKey: ['system', 'brand'],
  queryFn: ({ signal }) => callApi(systemEndpoints.brand, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { errorToast: false },
});

export const linksQuery = queryOptions({
  queryKey: ['system', 'links'],
  queryFn: ({ signal }) => callApi(systemEndpoints.links, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { errorToast: false },
});

export const analyticsQuery = queryOptions({
  queryKey: ['system', 'analytics'],
  queryFn: ({ signal }) => callApi(systemEndpoints.analytics, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { errorToast: false },
});

/**
 * What only the platform operator can change (Salesforce set up) and whom to contact: read once a
 * session, said where it matters before a form is filled.
 */
export const capabilitiesQuery = queryOptions({
  queryKey: ['system', 'capabilities'],
  queryFn: ({ signal }) => callApi(systemEndpoints.capabilities, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { errorToast: false },
});
