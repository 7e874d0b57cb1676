import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { Theme } from '@mui/material/styles';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** A small table's header row: one bold cell a column. */
export function HeaderRow({ headers }: { headers: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {headers.map((header) => (
          <TableCell key={header} role="columnheader" sx={{ fontWeight: 600 }}>
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
 * only. Block display makes Safari drop a table's roles, so the theme gives the table, its row groups
 * and rows theirs (core/theme.ts) and LabelledCell its cells': screen readers keep announcing rows,
 * cells and their column names.
 */
export const stackedOnPhone = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    minWidth: 0,
    '&, & > tbody, & > tbody > tr, & > tbody > tr > td': { display: 'block', width: '100%' },
    '& > thead': visuallyHidden,
    '& > tbody > tr': { py: 1.5, px: 2, borderBottom: 1, borderColor: 'divider' },
    '& > tbody > tr:last-of-type': { borderBottom: 0 },
    '& > tbody > tr > td': { border: 0, py: 0.5, px: 0 },
    // The value flows in the right part of the cell, whatever it is made of; the name stands left of it.
    '& > tbody > tr > td.labelled-cell': {
      position: 'relative',
      minHeight: 32,
      pl: 'calc(35% + 16px)',
      textAlign: 'left',
      overflowWrap: 'anywhere',
      whiteSpace: 'normal',
      alignContent: 'center',
    },
    '& .cell-label': { display: 'block', position: 'absolute', left: 0, top: 4, width: '35%' },
    // A value that is a button (a link styled one) starts at the left like the others.
    '& .labelled-cell > button': { textAlign: 'left' },
  },
});

/**
 * A data cell of a stacked table: on phones its column's name, then its value; on wider screens the
 * value alone. The name is hidden from screen readers, which read the column header that the table
 * relates to the cell.
 */
export function LabelledCell({ label, children, ...cell }: TableCellProps & { label: string }) {
  return (
    <TableCell role="cell" className="labelled-cell" {...cell}>
      <Box
        component="span"
        className="cell-label"
        aria-hidden
        sx={{ display: 'none', color: 'text.secondary', fontWeight: 600, fontSize: '0.8125rem' }}
      >
        {label}
      </Box>
      {children}
    </TableCell>
  );
}
