import Typography from '@mui/material/Typography';
import { Navigate, useSearchParams } from 'react-router';
import { PublicCard } from '../../app/layout/PublicCard';
import { toLogin } from './auth.routes';

/** /auth/change-password?code=…&redirectTo=…: the forced password change of SPEC.md §8. */
export function ChangePasswordPage() {
  const [searchParams] = useSearchParams();
  // SPEC.md §2: without a code there is nothing to change; go to login.
  if (!searchParams.get('code')) return <Navigate to={toLogin()} replace />;
  return (
    <PublicCard title="Change password">
      <Typography color="text.secondary">
        This screen is not available in this version of the console.
      </Typography>
    </PublicCard>
  );
}
