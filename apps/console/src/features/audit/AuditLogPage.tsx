import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { AuditEvent } from '@skyvault/contract';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/screens/LoadFailed';
import type { AuditLogFilters } from '../../core/paths/links';
import { AuditEventDrawer } from './AuditEventDrawer';
import { AuditEventsTable } from './AuditEventsTable';
import { AuditFilterBar } from './AuditFilterBar';
import { useAuditEvents } from './audit.queries';
import { filtersFromSearch, searchFromFilters } from './auditFilters';

const AUDIT_LOG_TITLE = 'Audit Log';
const EXPORT_PATH = '/api/v1/audit-events/export';

/**
 * The tenant's audit trail for its administrators: newest first, filtered by the query string (so a
 * filtered view is a link, e.g. a details screen's History), one page after the other with "Load more".
 */
export function AuditLogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is the identity of the params
  const filters = useMemo(() => filtersFromSearch(searchParams), [search]);
  const events = useAuditEvents(filters);
  const [opened, setOpened] = useState<AuditEvent | null>(null);
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const filterText = searchFromFilters(filters).toString();

  const apply = (next: AuditLogFilters) => setSearchParams(searchFromFilters(next));

  return (
    <>
      <PageHeader
        title={AUDIT_LOG_TITLE}
        actions={
          // A GET needs no CSRF header, so the browser downloads it itself with the session cookie.
          <Button
            component="a"
            href={`${EXPORT_PATH}?${new URLSearchParams({ format: 'csv' })}${filterText ? `&${filterText}` : ''}`}
            download
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            Export CSV
          </Button>
        }
      />
      <Stack sx={{ gap: 2 }}>
        {/* Keyed by the URL: a link to other filters (History, Back) refills the bar. */}
        <AuditFilterBar key={search} filters={filters} onApply={apply} />
        {events.isError && events.data === undefined ? (
          <LoadFailed what="audit events" onRetry={() => void events.refetch()} />
        ) : (
          <>
            <LinearProgress
              sx={{ visibility: events.isFetching && rows.length > 0 ? 'visible' : 'hidden' }}
              aria-hidden
            />
            <AuditEventsTable
              events={rows}
              loading={events.isFetching && rows.length === 0}
              onOpen={setOpened}
            />
            {events.hasNextPage && (
              <Button
                sx={{ alignSelf: 'center' }}
                onClick={() => void events.fetchNextPage()}
                disabled={events.isFetchingNextPage}
              >
                {events.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </>
        )}
      </Stack>
      <AuditEventDrawer event={opened} onClose={() => setOpened(null)} />
    </>
  );
}
