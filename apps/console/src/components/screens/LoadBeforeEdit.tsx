import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { PageHeader } from '../PageHeader';
import { FormActions } from './FormActions';
import { LoadFailed } from './LoadFailed';
import {
  failedWithoutData,
  type LeaveForListWhen,
  leaveForList,
  type RetryableLoad,
  refetchAll,
} from './missingItem';

interface LoadBeforeEditProps<T> {
  /** What the form starts from, once every load has answered (undefined until then). */
  item: T | undefined;
  /** The page's loads: a failed one is handled by `leaveWhen`. */
  loads: readonly RetryableLoad[];
  /** When a failed load sends the page back to its list (SPEC.md §8; see LeaveForListWhen). */
  leaveWhen: LeaveForListWhen;
  list: string;
  /** 'group', for 'The group could not be loaded' on a page that stays. */
  noun: string;
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
 * and a disabled Save. A failed load goes back to the list or stays with a retry, as the page's policy
 * says, unless the shared error handler is taking the user elsewhere (signed out, licence expired).
 */
export function LoadBeforeEdit<T>({
  item,
  loads,
  leaveWhen,
  list,
  noun,
  title,
  back,
  backLabel,
  rows = 1,
  maxWidth = 560,
  children,
}: LoadBeforeEditProps<T>) {
  if (item !== undefined) return children(item);
  const leaving = leaveForList(list, leaveWhen, loads);
  if (leaving) return leaving;
  return (
    <>
      <PageHeader title={title} back={back} backLabel={backLabel} />
      {leaveWhen === 'missing' && failedWithoutData(loads) ? (
        <LoadFailed what={noun} onRetry={refetchAll(loads)} />
      ) : (
        <Paper variant="outlined" aria-busy sx={{ p: { xs: 2, sm: 3 }, maxWidth }}>
          <Stack sx={{ gap: 2 }} aria-label="Loading">
            <Skeleton variant="rounded" height={56} />
            {rows > 1 && <Skeleton variant="rounded" height={120 * (rows - 1)} />}
          </Stack>
          <FormActions cancelTo={back} disabled sx={{ mt: 3 }} />
        </Paper>
      )}
    </>
  );
}
