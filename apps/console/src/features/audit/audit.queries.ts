import { auditEndpoints } from '@skyvault/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import type { AuditLogFilters } from '../../core/paths/links';

export const auditKeys = {
  all: ['audit-events'] as const,
  list: (filters: AuditLogFilters) => [...auditKeys.all, 'list', filters] as const,
};

/** The trail, newest first, one page after the other: each page's `nextCursor` asks for the next. */
export const useAuditEvents = (filters: AuditLogFilters) =>
  useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(auditEndpoints.list, { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The page says what went wrong itself: refused filters under their fields, others with a retry.
    meta: { errorToast: false },
  });
