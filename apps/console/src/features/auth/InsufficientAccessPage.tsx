import Typography from '@mui/material/Typography';
import { PublicCard } from '../../components/PublicCard';
import { RouterLink } from '../../components/RouterLink';
import { toLogin } from '../../core/paths/links';

/** SPEC.md §2: a placeholder only. */
export function InsufficientAccessPage() {
  return (
    <PublicCard title="Insufficient access">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your account does not have access to this page.
      </Typography>
      <RouterLink to={toLogin()}>Back to login</RouterLink>
    </PublicCard>
  );
}
