import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Sets (a string) or removes (undefined) parameters of the address's query string, keeping the others. */
export type ChangeUrlQuery = (changes: Record<string, string | undefined>, replace: boolean) => void;

/**
 * The address's query string, and changes to it that keep what an earlier change asked for. A
 * navigation renders in a transition, and the screen keeps showing (and its callbacks keep holding)
 * the old query string until the new list is ready: a change made meanwhile, such as a search that
 * fires after its pause while a filter's list is loading, builds on what was asked for, not on what is
 * still shown, or it undoes the filter. (react-router's own functional update hands over the shown one.)
 */
export function useUrlQuery(): [URLSearchParams, ChangeUrlQuery] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = useRef(searchParams);
  useLayoutEffect(() => {
    asked.current = searchParams;
  }, [searchParams]);

  const change = useCallback<ChangeUrlQuery>(
    (changes, replace) => {
      const next = new URLSearchParams(asked.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) next.delete(key);
        else next.set(key, value);
      }
      asked.current = next;
      setSearchParams(next, { replace });
    },
    [setSearchParams],
  );
  return [searchParams, change];
}
