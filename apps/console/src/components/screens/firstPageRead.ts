import type { ScreenHandle } from '../../core/api/earlyReads';
import { earlyReadOf } from '../../core/api/earlyReads';
import { listPositionOf, pageQueryOf } from '../useListParams';

type PageQuery = ReturnType<typeof pageQueryOf>;

/**
 * The route handle of a list screen whose list call is its page and search (`pageQueryOf`): a cold open
 * asks for the page the address names beside the screen's code (app/router.tsx preloadScreen).
 */
export const firstPageRead = (
  listQuery: (query: PageQuery) => { queryKey: readonly unknown[]; queryFn?: unknown },
): ScreenHandle => ({
  earlyRead: ({ search }) => earlyReadOf(listQuery(pageQueryOf(listPositionOf(search)))),
});
