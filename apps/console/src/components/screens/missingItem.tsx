import { uuidSchema } from '@skyvault/contract';
import type { ReactElement, ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '../../core/errors/apiErrors';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';

/**
 * When a details or edit page goes back to its list instead of showing its item (SPEC.md §2, §8):
 * - 'missing' (users, groups, roles): the item does not exist, whether the id is unknown, another
 *   organization's or deleted meanwhile (404). Other failures stay on the page: the shared handler's
 *   toast has the message (SPEC.md §8: these pages show it in an error toast) and the page offers a retry.
 * - 'failed' (connected apps, identity providers, MFA devices, IP ranges): any failed load.
 * Either way, an error the shared handler answers by leaving (ended session, no access) is left to it.
 */
export type LeaveForListWhen = 'missing' | 'failed';

/** One of a page's loads, as TanStack Query reports it. */
export interface Load {
  isError: boolean;
  error: unknown;
}

/** A load the page can ask for again, with what it has so far. */
export interface RetryableLoad extends Load {
  data?: unknown;
  refetch: () => unknown;
}

/** The load of the page's item. */
export interface ItemLoad<T> extends RetryableLoad {
  data: T | undefined;
}

const leaves = ({ isError, error }: Load, when: LeaveForListWhen) =>
  isError && !isHandledByErrorHandler(error) && (when === 'failed' || isApiError(error, { status: 404 }));

/** Whether a page staying on a failure shows it: a load failed with nothing to show for it. */
export const failedWithoutData = (loads: readonly RetryableLoad[]) =>
  loads.some((load) => load.isError && load.data === undefined);

/** Asks again for every load of a page (the retry of a failed one). */
export const refetchAll = (loads: readonly RetryableLoad[]) => () => {
  for (const load of loads) void load.refetch();
};

/** The way back to the list, replacing the page in the history: Back must not return to nothing. */
export function BackToList({ list }: { list: string }) {
  return <Navigate to={list} replace />;
}

/**
 * What a page renders instead of its item when one of its loads calls for the list (see
 * LeaveForListWhen), or null to render as usual. Call it after the page's hooks.
 */
export function leaveForList(
  list: string,
  when: LeaveForListWhen,
  loads: readonly Load[],
): ReactElement | null {
  return loads.some((load) => leaves(load, when)) ? <BackToList list={list} /> : null;
}

/**
 * The item id in the route's `param`, or null when it is absent or no id at all (every id is a UUID),
 * so that such an address goes to the list without asking the server.
 */
export function useItemId(param: string): string | null {
  const id = useParams()[param];
  return id !== undefined && uuidSchema.safeParse(id).success ? id : null;
}

/** A details or edit route: its page gets the item id from the URL; an address without one goes to the list. */
export function ItemPage({
  param,
  list,
  children,
}: {
  param: string;
  list: string;
  children: (id: string) => ReactNode;
}) {
  const id = useItemId(param);
  return id ? children(id) : <BackToList list={list} />;
}
