import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** A small table's header row: one bold cell a column. */
export function HeaderRow({ headers }: { headers: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {headers.map((header) => (
          <TableCell key={header} sx={{ fontWeight: 600 }}>
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
