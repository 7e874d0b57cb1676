import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Group } from '@skyvault/contract';
import type { ReactNode } from 'react';
import { formatDate } from '../../components/formatDate';

/** The group details screen's card; skeletons until the group has loaded. */
export function GroupInfoCard({ group }: { group: Group | undefined }) {
  const value = (content: (loaded: Group) => ReactNode) =>
    group ? content(group) : <Skeleton variant="text" width={160} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }} aria-busy={!group}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        Group information
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
          '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
        }}
      >
        <dt>Name</dt>
        <dd>{value((loaded) => loaded.name)}</dd>
        <dt>Role</dt>
        <dd>{value((loaded) => loaded.roleName)}</dd>
        <dt>Description</dt>
        <dd>{value((loaded) => loaded.description || '—')}</dd>
        <dt>Users</dt>
        <dd>{value((loaded) => loaded.userCount)}</dd>
        <dt>Updated At</dt>
        <dd>{value((loaded) => formatDate(loaded.updatedAt))}</dd>
        <dt>Created At</dt>
        <dd>{value((loaded) => formatDate(loaded.createdAt))}</dd>
      </Box>
    </Paper>
  );
}
