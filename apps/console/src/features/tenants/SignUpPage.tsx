import Typography from '@mui/material/Typography';
import { PublicCard } from '../../app/layout/PublicCard';
import { RouterLink } from '../../components/RouterLink';
import { toLogin } from '../auth/auth.routes';

/** /tenants/new: the sign-up form of SPEC.md §2 goes here. */
export function SignUpPage() {
  return (
    <PublicCard title="Sign up">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        This screen is not available in this version of the console.
      </Typography>
      <Typography variant="body2">
        Already have an account? <RouterLink to={toLogin()}>Sign in!</RouterLink>
      </Typography>
    </PublicCard>
  );
}
