import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, type TableSort } from '../DataTable';
import { EmptyState } from '../EmptyState';
import { PageHeader } from '../PageHeader';
import { SearchField } from '../SearchField';
import type { ListParams } from '../useListParams';
import { LoadFailed } from './LoadFailed';

/** A list's load, as TanStack Query reports it. */
export interface ListLoad {
  data: unknown;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  /** The previous page's rows, shown while the next page loads. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface ListScreenProps<Row> {
  /** The page's h1. */
  title: string;
  /** The header's buttons, usually its CreateButton. */
  actions?: ReactNode;
  query: ListLoad;
  /** 'users', for 'The users could not be loaded'. */
  items: string;
  rows: readonly Row[];
  /** Every row on the server (for the pagination and to tell an empty list). */
  total: number;
  /** Page, page size and search, kept in the URL; without it, one unsearched page (a short list). */
  list?: ListParams;
  /** Without paging, one page holds every row (a tenant keeps a short list). */
  paginated?: boolean;
  /** The table's accessible name. */
  ariaLabel: string;
  columns: readonly DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Controls beside the search (sort, type); `filtered` says whether one of them narrows the list. */
  filters?: ReactNode;
  filtered?: boolean;
  /** Server-side sorting by the columns that have a `sortKey`. */
  sort?: TableSort;
  /** Text above the search. */
  intro?: ReactNode;
  /** Said under the title whatever the list holds (its empty state too): e.g. why creating would fail. */
  notice?: ReactNode;
  /** Shown instead of the table while there is nothing at all to list (nothing searched or filtered). */
  empty?: { title: string; description?: string; action?: ReactNode };
  /** The screen's dialogs. */
  children?: ReactNode;
}

/**
 * A list screen (SPEC.md §2 "Lists are searchable and paginated in a table"): the header, then the
 * search and the server-paginated table. A failed first load offers a retry where the table would be;
 * a list with no rows at all shows what the items are for. Nothing found by a search is not the same as
 * no items at all: the table stays and says so.
 */
export function ListScreen<Row>({
  title,
  actions,
  query,
  items,
  rows,
  total,
  list,
  paginated = true,
  ariaLabel,
  columns,
  getRowId,
  searchLabel,
  searchPlaceholder,
  filters,
  filtered = false,
  sort,
  intro,
  notice,
  empty,
  children,
}: ListScreenProps<Row>) {
  const hasNone = query.isSuccess && !query.isPlaceholderData && total === 0 && !list?.search && !filtered;
  const paging =
    list && paginated
      ? {
          total,
          page: list.page,
          pageSize: list.pageSize,
          onPageChange: list.setPage,
          onPageSizeChange: list.setPageSize,
        }
      : // One page holds every row, and the footer counts them.
        { total: rows.length, page: 0, pageSize: Math.max(rows.length, 1), onPageChange: () => {} };
  const search = list && (
    <SearchField
      value={list.search}
      onSearch={list.setSearch}
      label={searchLabel}
      placeholder={searchPlaceholder}
    />
  );

  return (
    <>
      <PageHeader title={title} actions={actions} />
      {notice}
      {query.isError && query.data === undefined ? (
        <LoadFailed what={items} onRetry={() => void query.refetch()} />
      ) : hasNone && empty ? (
        <EmptyState {...empty} />
      ) : (
        <Stack sx={{ gap: 2 }}>
          {intro}
          {filters ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, flexWrap: 'wrap' }}>
              {search}
              {filters}
            </Stack>
          ) : (
            search
          )}
          <DataTable
            ariaLabel={ariaLabel}
            columns={columns}
            rows={rows}
            getRowId={getRowId}
            loading={query.isFetching}
            sort={sort}
            {...paging}
          />
        </Stack>
      )}
      {children}
    </>
  );
}
