import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SIGN_IN_HISTORY_SIZE } from '@skyvault/contract';
import { useId } from 'react';
import { AuditOutcomeChip } from '../../components/AuditOutcomeChip';
import { SIGN_IN_METHOD_LABELS } from '../../components/auditWords';
import { formatDate } from '../../components/formatDate';
import { RetryButton } from '../../components/RetryButton';
import { HeaderRow, LabelledCell, SkeletonRows, stackedOnPhone } from '../../components/TableParts';
import { useUserSignIns } from './userSignIns.queries';

const HEADERS = ['Time', 'Method', 'Outcome', 'IP address'] as const;

/** The user's page (administrators): the last attempts to sign in as the user, failed ones included. */
export function UserSignInsCard({ userId }: { userId: string }) {
  const titleId = useId();
  const query = useUserSignIns(userId);
  const signIns = query.data?.signIns;
  const title = 'Sign-in activity';
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960, mt: 2 }}
      aria-busy={query.isPending}
      aria-labelledby={titleId}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The last {SIGN_IN_HISTORY_SIZE} attempts to sign in as this user, newest first.
      </Typography>
      {query.isError ? (
        <RetryButton onClick={() => void query.refetch()}>Try again</RetryButton>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title} sx={[{ minWidth: 480 }, stackedOnPhone]}>
            <HeaderRow headers={HEADERS} />
            <TableBody>
              {!signIns && <SkeletonRows columns={HEADERS} />}
              {signIns?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={HEADERS.length} align="center" sx={{ color: 'text.secondary' }}>
                    No sign-in yet
                  </TableCell>
                </TableRow>
              )}
              {signIns?.map((signIn) => (
                <TableRow key={signIn.id}>
                  <LabelledCell label={HEADERS[0]} sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(signIn.time)}
                  </LabelledCell>
                  <LabelledCell label={HEADERS[1]}>{SIGN_IN_METHOD_LABELS[signIn.method]}</LabelledCell>
                  <LabelledCell label={HEADERS[2]}>
                    <AuditOutcomeChip outcome={signIn.outcome} />
                  </LabelledCell>
                  <LabelledCell label={HEADERS[3]}>{signIn.ip}</LabelledCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
