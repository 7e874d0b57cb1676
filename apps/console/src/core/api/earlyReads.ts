import type { QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteObject } from 'react-router';

/** One read a screen makes first, as its query has it: the key it caches under and the call. */
export interface EarlyRead {
  queryKey: QueryKey;
  read: () => Promise<unknown>;
}

/** A query's options as the screen's own query has them: its key and how it reads. */
interface ScreenQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/**
 * The early read of a screen's query: the same key, the same call. A query's function takes the
 * query's context, of which the console's read only the abort signal (none here: nothing cancels a cold
 * open's read).
 */
export function earlyReadOf({ queryKey, queryFn }: ScreenQuery): EarlyRead {
  const read = queryFn as (
    context: Pick<QueryFunctionContext, 'queryKey' | 'signal' | 'meta'>,
  ) => Promise<unknown>;
  return { queryKey, read: () => read({ queryKey, signal: new AbortController().signal, meta: undefined }) };
}

/**
 * What a route's `handle` may carry: the read its screen makes first, from the address alone (its
 * parameters and query string), so that a cold open asks for it beside the screen's code.
 */
export interface ScreenHandle {
  earlyRead?: (address: { params: Params; search: URLSearchParams }) => EarlyRead;
}

/**
 * How long the first render waits for an early read, from when it was asked. The screen's code takes
 * longer than a list call on a healthy server, so the wait costs nothing there; a slow answer is not
 * waited for past this, and the screen asks again itself, with its loading state.
 */
const EARLY_READ_WAIT_MS = 600;

interface EarlyAnswer {
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

let answers: EarlyAnswer[] = [];
let adopted = false;

/**
 * Starts the first reads of the screens at this address (a cold open: app/router.tsx preloadScreen),
 * once the session is known to be signed in. The promise settles when each has answered or waited its
 * time, and never rejects: a read that fails is the screen's own to make again, and to report.
 */
export function startEarlyReads(tree: RouteObject[], pathname: string, search: string): Promise<void> {
  const query = new URLSearchParams(search);
  adopted = false;
  const reads = (matchRoutes(tree, pathname) ?? []).flatMap(({ route, params }) => {
    const early = (route.handle as ScreenHandle | undefined)?.earlyRead;
    return early ? [early({ params, search: query })] : [];
  });
  return Promise.all(
    reads.map(({ queryKey, read }) => {
      const answered = read().then(
        (data) => {
          if (!adopted) answers.push({ queryKey, data, updatedAt: Date.now() });
        },
        () => undefined,
      );
      const waited = new Promise<void>((resolve) => setTimeout(resolve, EARLY_READ_WAIT_MS));
      return Promise.race([answered, waited]);
    }),
  ).then(() => undefined);
}

/**
 * Puts the early answers in the query client the console renders with, once: the screen's first
 * render then has its rows, instead of a loading state and a second render of the screen after it.
 */
export function adoptEarlyReads(queryClient: QueryClient): void {
  for (const { queryKey, data, updatedAt } of answers)
    queryClient.setQueryData(queryKey, data, { updatedAt });
  answers = [];
  adopted = true;
}
