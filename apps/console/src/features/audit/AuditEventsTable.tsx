import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { AuditEvent } from '@skyvault/contract';
import { NO_DATA_AVAILABLE } from '@skyvault/contract';
import { AuditOutcomeChip } from '../../components/AuditOutcomeChip';
import { formatDate } from '../../components/formatDate';
import { HeaderRow, LabelledCell, SkeletonRows, stackedOnPhone } from '../../components/TableParts';
import { actorName, resourceLabel } from './auditWords';

const HEADERS = ['Time', 'Actor', 'Action', 'Resource', 'Outcome', 'IP address'] as const;
const SKELETON_ROWS = 5;

/**
 * The events, newest first. The whole row opens the event for the mouse; its time is a button, so the
 * keyboard and screen readers reach the same drawer.
 */
export function AuditEventsTable({
  events,
  loading,
  emptyText = NO_DATA_AVAILABLE,
  onOpen,
}: {
  events: readonly AuditEvent[];
  loading: boolean;
  /** What the empty table says (why nothing is shown, when the filters were refused). */
  emptyText?: string;
  onOpen: (event: AuditEvent) => void;
}) {
  const firstLoad = loading && events.length === 0;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableContainer>
        <Table
          aria-label="Audit events"
          aria-busy={loading}
          size="small"
          sx={[{ minWidth: 720 }, stackedOnPhone]}
        >
          <HeaderRow headers={HEADERS} />
          <TableBody>
            {firstLoad && <SkeletonRows columns={HEADERS} rows={SKELETON_ROWS} />}
            {!loading && events.length === 0 && (
              <TableRow>
                <TableCell colSpan={HEADERS.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
            {events.map((event) => (
              <TableRow key={event.id} hover onClick={() => onOpen(event)} sx={{ cursor: 'pointer' }}>
                <LabelledCell label={HEADERS[0]} sx={{ whiteSpace: 'nowrap' }}>
                  <Link
                    component="button"
                    type="button"
                    variant="body2"
                    aria-label={`Details of ${event.action} ${event.resource.type}, ${formatDate(event.time)}`}
                    onClick={(click) => {
                      click.stopPropagation();
                      onOpen(event);
                    }}
                  >
                    {formatDate(event.time)}
                  </Link>
                </LabelledCell>
                <LabelledCell label={HEADERS[1]}>{actorName(event)}</LabelledCell>
                <LabelledCell label={HEADERS[2]}>{event.action}</LabelledCell>
                <LabelledCell label={HEADERS[3]} sx={{ overflowWrap: 'anywhere' }}>
                  {resourceLabel(event)}
                </LabelledCell>
                <LabelledCell label={HEADERS[4]}>
                  <AuditOutcomeChip outcome={event.outcome} />
                </LabelledCell>
                <LabelledCell label={HEADERS[5]}>{event.ip}</LabelledCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
