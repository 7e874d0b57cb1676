import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { User } from '@skyvault/contract';
import type { ReactNode } from 'react';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { StatusChip } from '../../components/StatusChip';
import { toGroup } from '../groups/groups.routes';
import { UserStatusChip } from './UserStatusChip';

/** The details screen's info card (SPEC.md §2 Users); skeletons until the user has loaded. */
export function UserInfoCard({ user }: { user: User | undefined }) {
  const value = (content: (loaded: User) => ReactNode) =>
    user ? content(user) : <Skeleton variant="text" width={160} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }} aria-busy={!user}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        User information
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
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>Email</dt>
        <dd>{value((loaded) => loaded.email)}</dd>
        <dt>First name</dt>
        <dd>{value((loaded) => loaded.firstName)}</dd>
        <dt>Last name</dt>
        <dd>{value((loaded) => loaded.lastName)}</dd>
        <dt>Account state</dt>
        <dd>
          {value((loaded) => (
            <UserStatusChip status={loaded.status} />
          ))}
        </dd>
        <dt>MFA state</dt>
        <dd>
          {value((loaded) =>
            loaded.isEnableMfa ? (
              <StatusChip label="Enabled" color="success" />
            ) : (
              <StatusChip label="Not enabled" />
            ),
          )}
        </dd>
        <dt>Group</dt>
        <dd>
          {value((loaded) =>
            loaded.group ? (
              <RouterLink to={toGroup(loaded.group.id)}>{loaded.group.name}</RouterLink>
            ) : (
              'No group'
            ),
          )}
        </dd>
        <dt>Administrator</dt>
        <dd>{value((loaded) => (loaded.isAdmin ? 'Yes' : 'No'))}</dd>
        <dt>Created At</dt>
        <dd>{value((loaded) => formatDate(loaded.createdAt))}</dd>
        <dt>Updated At</dt>
        <dd>{value((loaded) => formatDate(loaded.updatedAt))}</dd>
      </Box>
    </Paper>
  );
}
