import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/** Offset of the next batch of an infinite picker, or undefined once everything is loaded. */
export const nextOffset = (loaded: number, total: number, lastSize: number) =>
  loaded < total && lastSize > 0 ? loaded : undefined;

export interface PickerBatches<Page, Row> {
  queryKey: QueryKey;
  /** One batch from `offset` on (PICKER_BATCH_SIZE rows, SPEC.md §9). */
  fetchBatch: (offset: number, signal: AbortSignal) => Promise<Page>;
  rowsOf: (page: Page) => readonly Row[];
  totalOf: (page: Page) => number;
  enabled?: boolean;
}

/**
 * A picker's options in batches: the first batch, then the next one each time the open list is
 * scrolled to its end. While a new search loads, the
 * options found so far stay.
 */
export function usePickerBatches<Page, Row>({
  queryKey,
  fetchBatch,
  rowsOf,
  totalOf,
  enabled,
}: PickerBatches<Page, Row>) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchBatch(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      nextOffset(
        pages.reduce((sum, page) => sum + rowsOf(page).length, 0),
        totalOf(last),
        rowsOf(last).length,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}
