import { sessionEndpoints } from '@skyvault/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api/client';

/** The session check a cold open of a signed-in address started before the first render, once. */
let earlyCheck: ReturnType<typeof checkSession> | undefined;
const checkSession = (signal?: AbortSignal) => callApi(sessionEndpoints.session, { signal });

/** Starts the session check before React renders (app/router.tsx preloadScreen); the query takes it over. */
export function startSessionCheck(): void {
  earlyCheck ??= checkSession();
  // Its outcome, an error included, is the query's to handle.
  earlyCheck.catch(() => {});
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => {
    const early = earlyCheck;
    earlyCheck = undefined;
    return early ?? checkSession(signal);
  },
  // The session changes only by login, logout or the API saying it ended; no background refetching.
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
