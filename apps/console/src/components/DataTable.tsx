import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { DEFAULT_PAGE_SIZE, NO_DATA_AVAILABLE, PAGE_SIZE_OPTIONS } from '@skyvault/contract';
import type { ReactNode } from 'react';
import { LabelledCell, stackedOnPhone } from './TableParts';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  /** Defaults to the row's field named `key`. Name columns return a RouterLink to the details. */
  render?: (row: Row) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** The server's sort this column's header asks for; without it the header does not sort. */
  sortKey?: string;
  /** The direction a first click asks for (dates read newest first); 'asc' by default. */
  sortFirst?: SortDirection;
}

export type SortDirection = 'asc' | 'desc';

/** The order a server-sorted table shows, and what a click on a sortable header asks for. */
export interface TableSort {
  key: string;
  direction: SortDirection;
  onChange: (key: string, direction: SortDirection) => void;
}

export interface DataTableProps<Row> {
  /** The table's accessible name, e.g. 'Connected Apps'. */
  ariaLabel: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** All rows on the server, for the pagination. */
  total: number;
  /** Zero-based. */
  page: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  /** Without it the page-size selector is hidden. */
  onPageSizeChange?: (pageSize: number) => void;
  loading?: boolean;
  emptyText?: string;
  /** Server-side sorting by the columns that have a `sortKey`. */
  sort?: TableSort;
}

const SKELETON_ROWS = 5;

function cellValue<Row>(row: Row, column: DataTableColumn<Row>): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  return value === null || value === undefined ? '' : String(value);
}

/** A column's header; a sortable one is a button that says the order it shows (aria-sort). */
function HeaderCell<Row>({ column, sort }: { column: DataTableColumn<Row>; sort?: TableSort }) {
  const sortKey = sort && column.sortKey;
  const active = sortKey !== undefined && sort?.key === sortKey;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <TableCell
      role="columnheader"
      align={column.align}
      sx={{ width: column.width, fontWeight: 600 }}
      sortDirection={active ? sort.direction : false}
      aria-sort={ariaSort}
    >
      {sortKey ? (
        <TableSortLabel
          active={active}
          direction={active ? sort.direction : (column.sortFirst ?? 'asc')}
          onClick={() =>
            sort.onChange(
              sortKey,
              active ? (sort.direction === 'asc' ? 'desc' : 'asc') : (column.sortFirst ?? 'asc'),
            )
          }
        >
          {column.header}
        </TableSortLabel>
      ) : (
        column.header
      )}
    </TableCell>
  );
}

/**
 * A server-paginated list: the server returns one page of rows and the total. On phones each row is a
 * card of 'column: value' lines (stackedOnPhone).
 */
export function DataTable<Row>({
  ariaLabel,
  columns,
  rows,
  getRowId,
  total,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageChange,
  onPageSizeChange,
  loading = false,
  emptyText = NO_DATA_AVAILABLE,
  sort,
}: DataTableProps<Row>) {
  const firstLoad = loading && rows.length === 0;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {/* Refetching keeps the current rows visible and shows progress above them. */}
      <LinearProgress sx={{ visibility: loading && !firstLoad ? 'visible' : 'hidden' }} aria-hidden />
      <TableContainer>
        <Table
          aria-label={ariaLabel}
          aria-busy={loading}
          size="small"
          sx={[{ minWidth: 560 }, stackedOnPhone]}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {firstLoad &&
              Array.from({ length: Math.min(pageSize, SKELETON_ROWS) }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <TableRow key={index} aria-hidden>
                  {columns.map((column) => (
                    <TableCell key={column.key}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell
                  role="cell"
                  colSpan={columns.length}
                  align="center"
                  sx={{ py: 4, color: 'text.secondary' }}
                >
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={getRowId(row)} hover>
                {columns.map((column) => (
                  <LabelledCell key={column.key} label={column.header} align={column.align}>
                    {cellValue(row, column)}
                  </LabelledCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={onPageSizeChange ? [...PAGE_SIZE_OPTIONS] : []}
        onPageChange={(_, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange?.(Number(event.target.value))}
        // On a phone the page size, the range and the arrows take two lines rather than overflow.
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
          '& .MuiTablePagination-spacer': { flexBasis: 0 },
        }}
      />
    </Paper>
  );
}
