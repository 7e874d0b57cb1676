import { SEARCH_DEBOUNCE_MS } from '@skyvault/contract';
import { type UIEvent, useEffect, useState } from 'react';

/** How close to the end of an open picker list the next batch is asked for. */
const NEXT_BATCH_MARGIN_PX = 48;

/** What was typed, once typing pauses for SEARCH_DEBOUNCE_MS (SPEC.md §9). */
export function useDebouncedText(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** A listbox scroll handler that asks for the next batch when the list is scrolled to its end. */
export const loadMoreAtEnd =
  (more: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) =>
  (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - NEXT_BATCH_MARGIN_PX;
    if (atEnd && more.hasNextPage && !more.isFetchingNextPage) void more.fetchNextPage();
  };
