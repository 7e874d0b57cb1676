import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SignedInSession } from '@skyvault/contract';
import { formatDate } from '../formatDate';

export interface SessionsTableProps {
  label: string;
  sessions: SignedInSession[] | undefined;
  /**
   * Ends one session (never the current one on "My sessions": that is Logout); absent when the user may
   * not end them (an Auditor on a user's page): the sessions are then only listed.
   */
  onEnd?: (session: SignedInSession) => void;
  /** The session being ended, whose button waits. */
  ending?: string;
}

/**
 * Signed-in sessions: the device in words with its full user agent as a tooltip, where from, since
 * when, last used, and a button to end each. The current session is marked and cannot be ended here.
 */
export function SessionsTable({ label, sessions, onEnd, ending }: SessionsTableProps) {
  // A name needs a role to be read (a bare span may not carry aria-label): an indeterminate progress bar.
  if (!sessions)
    return <Skeleton variant="rectangular" height={96} role="progressbar" aria-label="Loading sessions" />;
  if (sessions.length === 0) return <Typography color="text.secondary">No active sessions.</Typography>;
  return (
    <Table size="small" aria-label={label} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <TableCell>Device</TableCell>
          <TableCell>IP address</TableCell>
          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Signed in</TableCell>
          <TableCell>Last used</TableCell>
          <TableCell align="right" aria-label="Actions" />
        </TableRow>
      </TableHead>
      <TableBody>
        {sessions.map((session) => (
          <TableRow key={session.id}>
            <TableCell title={session.userAgent ?? undefined}>
              {session.device}
              {session.current && <Chip size="small" label="This browser" sx={{ ml: 1 }} />}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{session.ip ?? '—'}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {formatDate(session.createdAt)}
            </TableCell>
            <TableCell>{formatDate(session.lastUsedAt)}</TableCell>
            <TableCell align="right">
              {onEnd && !session.current && (
                <Button
                  size="small"
                  color="error"
                  disabled={ending === session.id}
                  onClick={() => onEnd(session)}
                  aria-label={`End session on ${session.device}, last used ${formatDate(session.lastUsedAt)}`}
                >
                  End
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
