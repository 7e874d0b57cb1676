import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ChipColor } from '@skyvault/contract';
import type { ReactNode } from 'react';
import { formatDate } from '../formatDate';
import { RetryButton } from '../RetryButton';
import { StatusChip } from '../StatusChip';
import { HeaderRow, LabelledCell, SkeletonRows, stackedOnPhone } from '../TableParts';
import { TitledSection } from '../TitledSection';

export const CHECKS_TABLE_NAME = 'Last checks';

/** What every health check has, a connection's or a storage's. */
export interface HealthCheck<Trigger extends string = string> {
  id: string;
  checkedAt: string;
  trigger: Trigger;
  durationMs: number;
}

/** A column of what a check found, between its status and its duration (a reason, the API use). */
export interface FindingColumn<Check> {
  header: string;
  render: (check: Check) => ReactNode;
  sx?: SxProps<Theme>;
}

/** How one kind of item's checks read: their triggers, their status, what they found. */
export interface ChecksKind<Check extends HealthCheck> {
  /** How many checks the API keeps for the page: the section's title says it. */
  shown: number;
  triggerLabels: Record<Check['trigger'], string>;
  status: (check: Check) => { label: string; color: ChipColor };
  findings: readonly FindingColumn<Check>[];
  minWidth: number;
}

/** The read the checks come with, as its query gives it. */
interface ChecksLoad {
  data?: unknown;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface LastChecksProps<Check extends HealthCheck> {
  kind: ChecksKind<Check>;
  load: ChecksLoad;
  /** The checks, newest first, from the load's answer; undefined while it loads. */
  checks: readonly Check[] | undefined;
}

/**
 * An item's last health checks, newest first (a connection's, a storage's): when, what started it, what
 * it found and how long it took, in a table that stacks on a phone; its own retry when they fail to load.
 */
export function LastChecks<Check extends HealthCheck>({ kind, load, checks }: LastChecksProps<Check>) {
  const { shown, triggerLabels, status, findings, minWidth } = kind;
  const headers = ['Time', 'Trigger', 'Status', ...findings.map((finding) => finding.header), 'Duration'];
  return (
    <TitledSection title={`Last ${shown} checks`} busy={load.isFetching}>
      {load.isError && load.data === undefined ? (
        <>
          <Typography variant="body2">The checks could not be loaded</Typography>
          <RetryButton onClick={() => void load.refetch()}>Try again</RetryButton>
        </>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label={CHECKS_TABLE_NAME}
            aria-busy={!checks}
            sx={[{ minWidth }, stackedOnPhone]}
          >
            <HeaderRow headers={headers} />
            <TableBody>
              {!checks && <SkeletonRows columns={headers} rows={3} />}
              {checks?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={headers.length} align="center" sx={{ color: 'text.secondary' }}>
                    No check yet
                  </TableCell>
                </TableRow>
              )}
              {checks?.map((check) => (
                <TableRow key={check.id}>
                  <LabelledCell label="Time" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(check.checkedAt)}
                  </LabelledCell>
                  <LabelledCell label="Trigger" sx={{ whiteSpace: 'nowrap' }}>
                    {triggerLabels[check.trigger as Check['trigger']]}
                  </LabelledCell>
                  <LabelledCell label="Status">
                    <StatusChip {...status(check)} />
                  </LabelledCell>
                  {findings.map((finding) => (
                    <LabelledCell key={finding.header} label={finding.header} sx={finding.sx}>
                      {finding.render(check)}
                    </LabelledCell>
                  ))}
                  <LabelledCell label="Duration" sx={{ whiteSpace: 'nowrap' }}>
                    {`${check.durationMs} ms`}
                  </LabelledCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </TitledSection>
  );
}
