import { type SessionUser, sessionEndpoints } from '@skyvault/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api/client';

const checkSession = (signal?: AbortSignal) => callApi(sessionEndpoints.session, { signal });

/**
 * The session call's answer that the API put in the signed-in page it sent (api plugins/console.ts), read
 * once and taken out: a later check asks the API.
 */
function sessionInPage(): Promise<SessionUser> | undefined {
  const element = document.getElementById('session');
  if (element?.getAttribute('type') !== 'application/json') return undefined;
  element.remove();
  try {
    // Checked as the call's answer would be (core/api/client.ts callApi); one that fails is asked again.
    const parsed = sessionEndpoints.session.response.safeParse(JSON.parse(element.textContent ?? ''));
    return parsed.success ? Promise.resolve(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session check a cold open of a signed-in address starts before the first render (app/router.tsx
 * preloadScreen), and its answer once it came: the session query takes over one or the other, once.
 */
let earlyCheck: Promise<SessionUser> | undefined;
let earlySession: SessionUser | undefined;

/**
 * Starts the session check; the promise settles with it, with the signed-in user or nothing, and
 * never rejects.
 */
export function startSessionCheck(): Promise<SessionUser | undefined> {
  earlyCheck ??= sessionInPage() ?? checkSession();
  // Its outcome, an error included, is the query's to handle.
  return earlyCheck.then(
    (user) => {
      earlySession = user;
      return user;
    },
    () => undefined,
  );
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => {
    const early = earlyCheck;
    earlyCheck = undefined;
    earlySession = undefined;
    return early ?? checkSession(signal);
  },
  // An early check that has answered is the first render's session: the shell and the screen draw at
  // once, instead of a loading state first and a second render of everything after it.
  initialData: () => {
    const user = earlySession;
    if (user) {
      earlySession = undefined;
      earlyCheck = undefined;
    }
    return user;
  },
  // The session changes only by login, logout or the API saying it ended; no background refetching.
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
