import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';
import type { ErrorHandler } from './errors/errorHandler';

/** Per query or mutation: `meta: { errorToast: false }` when the screen shows the error itself. */
interface AppMeta extends Record<string, unknown> {
  errorToast?: boolean;
}

/**
 * The meta of a form's calls: the form shows the server's messages next to its fields and passes any
 * other failure on itself (core/errors/formErrors), so the shared handler's toast is off for them.
 */
export const FORM_META = { errorToast: false } as const satisfies AppMeta;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/** Client errors (4xx) will not change by asking again; network hiccups and 5xx may. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function createQueryClient(handleError: ErrorHandler): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleError(error, { toast: query.meta?.errorToast !== false }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        handleError(error, { toast: mutation.meta?.errorToast !== false }),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
