import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import {
  STORAGE_HEALTH_COLORS,
  STORAGE_HEALTH_LABELS,
  STORAGE_PROBLEM_LABELS,
  type StorageCheck,
} from '@skyvault/contract';
import { formatDate } from '../../components/formatDate';
import { StatusChip } from '../../components/StatusChip';
import { HeaderRow, LabelledCell, SkeletonRows, stackedOnPhone } from '../../components/TableParts';

export const STORAGE_CHECKS_TABLE_NAME = 'Last checks';
const HEADERS = ['Time', 'Trigger', 'Status', 'Problem', 'Duration'] as const;

const TRIGGER_LABELS: Record<StorageCheck['trigger'], string> = {
  schedule: 'Scheduled',
  manual: 'Check now',
  save: 'Saved',
};

/** A storage's last checks, newest first: what each found and why it failed. */
export function StorageChecksTable({ checks }: { checks: readonly StorageCheck[] | undefined }) {
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={STORAGE_CHECKS_TABLE_NAME}
        aria-busy={!checks}
        sx={[{ minWidth: 640 }, stackedOnPhone]}
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
                  label={STORAGE_HEALTH_LABELS[check.status]}
                  color={STORAGE_HEALTH_COLORS[check.status]}
                />
              </LabelledCell>
              <LabelledCell label={HEADERS[3]} sx={{ minWidth: 240 }}>
                {check.problem ? `${STORAGE_PROBLEM_LABELS[check.problem]}: ${check.message ?? ''}` : '—'}
              </LabelledCell>
              <LabelledCell label={HEADERS[4]} sx={{ whiteSpace: 'nowrap' }}>
                {`${check.durationMs} ms`}
              </LabelledCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
