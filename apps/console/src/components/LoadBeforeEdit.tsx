import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { leaveForList } from './missingItem';
import { PageHeader } from './PageHeader';

interface LoadBeforeEditProps<T> {
  query: UseQueryResult<T>;
  /** Where a failed load goes, once the shared handler has shown why (SPEC.md §8). */
  list: string;
  title: string;
  /** The details page: the header's way back and Cancel. */
  back: string;
  backLabel: string;
  /** The placeholder's rows (a field, then sections) and the form's width: the page should not jump once loaded. */
  rows?: number;
  maxWidth?: number;
  /** The form, given the loaded item for its default values. */
  children: (item: T) => ReactNode;
}

/**
 * An edit page's first step: the item loads, then its form renders with the item as its defaults, so
 * the form never shows a moment of empty values. Meanwhile the page shows its header, a placeholder
 * and a disabled Save. A failed load goes back to the list, unless the shared error handler is taking
 * the user elsewhere (signed out, licence expired).
 */
export function LoadBeforeEdit<T>({
  query,
  list,
  title,
  back,
  backLabel,
  rows = 1,
  maxWidth = 560,
  children,
}: LoadBeforeEditProps<T>) {
  if (query.data !== undefined) return children(query.data);
  const leaving = leaveForList(list, 'failed', query);
  if (leaving) return leaving;
  return (
    <>
      <PageHeader title={title} back={back} backLabel={backLabel} />
      <Paper variant="outlined" aria-busy sx={{ p: { xs: 2, sm: 3 }, maxWidth }}>
        <Stack sx={{ gap: 2 }} aria-label="Loading">
          <Skeleton variant="rounded" height={56} />
          {rows > 1 && <Skeleton variant="rounded" height={120 * (rows - 1)} />}
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button component={Link} to={back}>
            Cancel
          </Button>
          <Button variant="contained" disabled>
            Save
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
