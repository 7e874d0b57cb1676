import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { AuditEvent } from '@skyvault/contract';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { apiErrorOf } from '../../core/errors/apiErrors';
import type { AuditLogFilters } from '../../core/paths/links';
import { AuditEventDrawer } from './AuditEventDrawer';
import { AuditEventsTable } from './AuditEventsTable';
import { AuditFilterBar, type FilterErrors } from './AuditFilterBar';
import { useAuditEvents } from './audit.queries';
import { filtersFromSearch, searchFromFilters } from './auditFilters';
import { actorName } from './auditWords';

const AUDIT_LOG_TITLE = 'Audit Log';
const EXPORT_PATH = '/api/v1/audit-events/export';
const REFUSED_FILTERS = 'These filters cannot be applied. Change the ones marked below.';
const NO_EVENTS_REFUSED = 'No events: change the filters marked above';

/** The filters the API refused (a 400 naming its fields), by field; undefined for any other failure. */
const refusedFilters = (error: unknown): FilterErrors | undefined => {
  const refused = apiErrorOf(error);
  return refused?.status === 400 && refused.fields ? (refused.fields as FilterErrors) : undefined;
};

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
  const refused = refusedFilters(events.error);
  // Filtered by one actor, every event names them as the trail kept them (a deleted user too).
  const actorLabel = filters.actor && rows[0]?.actor ? actorName(rows[0]) : undefined;

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
        <AuditFilterBar
          key={search}
          filters={filters}
          onApply={apply}
          refused={refused}
          actorLabel={actorLabel}
        />
        {refused && <Alert severity="error">{REFUSED_FILTERS}</Alert>}
        {events.isError && events.data === undefined && !refused ? (
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
              emptyText={refused ? NO_EVENTS_REFUSED : undefined}
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
