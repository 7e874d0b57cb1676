import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { Theme } from '@mui/material/styles';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A small table's header row: one bold cell a column. */
export function HeaderRow({ headers }: { headers: readonly string[] }) {
  return (
    <TableHead role={TABLE_ROLES.rowgroup}>
      <TableRow role={TABLE_ROLES.row}>
        {headers.map((header) => (
          <TableCell key={header} role={TABLE_ROLES.columnheader} sx={{ fontWeight: 600 }}>
            {header}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** Placeholder rows while a table's first rows load; hidden from screen readers (the table is busy). */
export function SkeletonRows({ columns, rows = 1 }: { columns: readonly string[]; rows?: number }) {
  return Array.from({ length: rows }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <TableRow key={index} aria-hidden>
      {columns.map((column) => (
        <TableCell key={column}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** Out of sight, still read by screen readers (MUI's `visuallyHidden`, which its package does not export). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * Phones (below MUI's `sm`, 600 px) have no room for columns: each row becomes a card of 'label: value'
 * lines. Put on the Table, whose data cells are LabelledCells. The header row stays for screen readers
 * only. Block display makes Safari drop a table's roles, so the table and its parts state them
 * (TABLE_ROLES): screen readers keep announcing rows, cells and their column names.
 */
export const stackedOnPhone = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    minWidth: 0,
    '&, & > tbody, & > tbody > tr, & > tbody > tr > td': { display: 'block', width: '100%' },
    '& > thead': visuallyHidden,
    '& > tbody > tr': { py: 1.5, px: 2, borderBottom: 1, borderColor: 'divider' },
    '& > tbody > tr:last-of-type': { borderBottom: 0 },
    '& > tbody > tr > td': { border: 0, py: 0.5, px: 0 },
    '& > tbody > tr > td.labelled-cell': {
      display: 'grid',
      textAlign: 'left',
      gridTemplateColumns: 'minmax(88px, 35%) minmax(0, 1fr)',
      columnGap: 2,
      alignItems: 'center',
      overflowWrap: 'anywhere',
    },
    '& .cell-label, & .cell-value': { display: 'block' },
  },
});

/** The roles a stacked table states itself: the same as its elements' own, so wide screens are unchanged. */
export const TABLE_ROLES = {
  table: 'table',
  rowgroup: 'rowgroup',
  row: 'row',
  columnheader: 'columnheader',
  cell: 'cell',
} as const;

/**
 * A data cell of a stacked table: on phones its column's name, then its value; on wider screens the
 * value alone (the name's box is hidden and the value's box takes no part in the layout). The name is
 * hidden from screen readers, which read the column header that the table relates to the cell.
 */
export function LabelledCell({
  label,
  align,
  children,
}: {
  label: string;
  align?: TableCellProps['align'];
  children: ReactNode;
}) {
  return (
    <TableCell role={TABLE_ROLES.cell} align={align} className="labelled-cell">
      <Box
        component="span"
        className="cell-label"
        aria-hidden
        sx={{ display: 'none', color: 'text.secondary', fontWeight: 600, fontSize: '0.8125rem' }}
      >
        {label}
      </Box>
      <Box className="cell-value" sx={{ display: 'contents' }}>
        {children}
      </Box>
    </TableCell>
  );
}
