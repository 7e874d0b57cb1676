import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import {
  CONNECTION_HEALTH_COLORS,
  CONNECTION_HEALTH_LABELS,
  type ConnectionCheck,
  HEALTH_ADVICE,
} from '@skyvault/contract';
import { formatDate } from '../../components/formatDate';
import { StatusChip } from '../../components/StatusChip';
import { HeaderRow, LabelledCell, SkeletonRows, stackedOnPhone } from '../../components/TableParts';

export const CHECKS_TABLE_NAME = 'Last checks';
const HEADERS = ['Time', 'Trigger', 'Status', 'Reason', 'API requests', 'Duration'] as const;

const TRIGGER_LABELS: Record<ConnectionCheck['trigger'], string> = {
  schedule: 'Scheduled',
  manual: 'Check now',
  login: 'Salesforce login',
};

const apiText = ({ apiUsed, apiMax }: ConnectionCheck) =>
  apiUsed === null || apiMax === null
    ? '—'
    : `${apiUsed.toLocaleString('en-US')} / ${apiMax.toLocaleString('en-US')}`;

/** A connection's last checks, newest first: what each found, why, and the org's API use then. */
export function ConnectionChecksTable({ checks }: { checks: readonly ConnectionCheck[] | undefined }) {
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={CHECKS_TABLE_NAME}
        aria-busy={!checks}
        sx={[{ minWidth: 720 }, stackedOnPhone]}
      >
        <HeaderRow headers={HEADERS} />
        <TableBody>
          {!checks && <SkeletonRows columns={HEADERS} rows={3} />}
          {checks?.length === 0 && (
            <TableRow>
              <TableCell colSpan={HEADERS.length} align="center" sx={{ color: 'text.secondary' }}>
                No check yet
              </TableCell>
            </TableRow>
          )}
          {checks?.map((check) => (
            <TableRow key={check.id}>
              <LabelledCell label={HEADERS[0]} sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(check.checkedAt)}
              </LabelledCell>
              <LabelledCell label={HEADERS[1]} sx={{ whiteSpace: 'nowrap' }}>
                {TRIGGER_LABELS[check.trigger]}
              </LabelledCell>
              <LabelledCell label={HEADERS[2]}>
                <StatusChip
                  label={CONNECTION_HEALTH_LABELS[check.status]}
                  color={CONNECTION_HEALTH_COLORS[check.status]}
                />
              </LabelledCell>
              <LabelledCell label={HEADERS[3]} sx={{ minWidth: 240 }}>
                {check.reason ? HEALTH_ADVICE[check.reason].summary : '—'}
              </LabelledCell>
              <LabelledCell label={HEADERS[4]} sx={{ whiteSpace: 'nowrap' }}>
                {apiText(check)}
              </LabelledCell>
              <LabelledCell
                label={HEADERS[5]}
                sx={{ whiteSpace: 'nowrap' }}
              >{`${check.durationMs} ms`}</LabelledCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
