import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

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
