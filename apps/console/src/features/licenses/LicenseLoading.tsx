import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../../components/EmptyState';
import { RetryButton } from '../../components/RetryButton';

/** Stands where the licence card and its table will be. */
export function LicenseLoading() {
  return (
    <Stack sx={{ gap: 2, maxWidth: 720 }} aria-busy="true" aria-label="Loading the license">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Skeleton variant="text" width="40%" height={32} />
        <Skeleton variant="text" width="60%" />
      </Paper>
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}

/** The shared handler has already shown the server's message in a toast (SPEC.md §8). */
export function LicenseLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState
      title="The license could not be loaded"
      action={<RetryButton onClick={onRetry}>Try again</RetryButton>}
    />
  );
}
