import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { isTemporarilyUnavailable } from './errors/apiErrors';
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

/** How often a read is asked again while the service is temporarily unavailable (a database restart). */
export const UNAVAILABLE_RETRIES = 5;
const OTHER_RETRIES = 2;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Client errors (4xx) will not change by asking again; network hiccups and 5xx may, and a 503 that
 * says the service is away for a moment (database unavailable, load shed) is worth a few more tries.
 */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < (isTemporarilyUnavailable(error) ? UNAVAILABLE_RETRIES : OTHER_RETRIES);
};

/** Exponential backoff from one second, and never sooner than the server's Retry-After. */
export const retryDelay = (failureCount: number, error: unknown): number => {
  const backoff = 1000 * 2 ** failureCount;
  const asked = error instanceof ApiError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0;
  return Math.min(Math.max(backoff, asked), MAX_RETRY_DELAY_MS);
};

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
      queries: {
        retry: (failureCount, error) => {
          // Said while the reads retry, not only once they have given up.
          if (isTemporarilyUnavailable(error)) handleError(error);
          return shouldRetry(failureCount, error);
        },
        retryDelay,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      // A write asked again might happen twice: the user decides.
      mutations: { retry: false },
    },
  });
}
