import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@skyvault/contract';
import { useCallback, useMemo } from 'react';
import { useUrlQuery } from './useUrlQuery';

export interface ListParams {
  /** Zero-based, as DataTable expects; the URL shows it one-based (`?page=2` is the second page). */
  page: number;
  pageSize: number;
  search: string;
  /** For limit/offset list calls. */
  offset: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  /** A new search starts again from the first page. */
  setSearch: (search: string) => void;
  /** Another parameter of the list (a filter, the sort), as the URL has it; undefined when absent. */
  param: (key: string) => string | undefined;
  /**
   * Sets filters or the sort (undefined removes one); the list starts again from its first page.
   * Replaces the history entry, like a search: Back leaves the list rather than undoing each choice.
   */
  setParams: (changes: Record<string, string | undefined>) => void;
}

const positiveInt = (raw: string | null): number | undefined => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** A list's page, page size and search as an address's query string gives them (defaults for what is absent or wrong). */
export function listPositionOf(
  searchParams: URLSearchParams,
): Pick<ListParams, 'page' | 'pageSize' | 'search' | 'offset'> {
  const page = (positiveInt(searchParams.get('page')) ?? 1) - 1;
  const requestedSize = positiveInt(searchParams.get('pageSize'));
  const pageSize =
    requestedSize && (PAGE_SIZE_OPTIONS as readonly number[]).includes(requestedSize)
      ? requestedSize
      : DEFAULT_PAGE_SIZE;
  return { page, pageSize, search: searchParams.get('search') ?? '', offset: page * pageSize };
}

/** A list call's page and search for a list's position: the screens' list calls, and their early reads. */
export const pageQueryOf = (position: Pick<ListParams, 'pageSize' | 'offset' | 'search'>) => ({
  limit: position.pageSize,
  offset: position.offset,
  searchText: position.search || undefined,
});

/**
 * Page, page size, search, filters and sort of a list, kept in the URL's query string so that a list can be
 * linked, reloaded and returned to with the Back button as it was. Defaults are left out of the URL.
 */
export function useListParams(): ListParams {
  const [searchParams, update] = useUrlQuery();
  const { page, pageSize, search, offset } = listPositionOf(searchParams);

  const setPage = useCallback(
    (next: number) => update({ page: next > 0 ? String(next + 1) : undefined }, false),
    [update],
  );
  const setPageSize = useCallback(
    (next: number) =>
      update({ pageSize: next === DEFAULT_PAGE_SIZE ? undefined : String(next), page: undefined }, false),
    [update],
  );
  const setSearch = useCallback(
    // A search replaces the history entry: Back should not step through what was typed.
    (next: string) => update({ search: next.trim() ? next : undefined, page: undefined }, true),
    [update],
  );

  const setParams = useCallback(
    (changes: Record<string, string | undefined>) => update({ ...changes, page: undefined }, true),
    [update],
  );

  return useMemo(
    () => ({
      page,
      pageSize,
      search,
      offset,
      setPage,
      setPageSize,
      setSearch,
      param: (key: string) => searchParams.get(key) ?? undefined,
      setParams,
    }),
    [page, pageSize, search, offset, setPage, setPageSize, setSearch, searchParams, setParams],
  );
}
