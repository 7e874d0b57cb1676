import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREEN_TITLES, VERIFICATION_LINK_HOURS } from '@skyvault/contract';
import { useSearchParams } from 'react-router';
import { PublicCard } from '../../components/PublicCard';
import { RouterLink } from '../../components/RouterLink';
import { toLogin } from '../../core/paths/links';
import { useResendVerification } from './tenants.queries';

/** After sign-up (SPEC.md §2): the organization becomes active once its e-mail address is verified. */
export function WaitVerificationPage() {
  const [query] = useSearchParams();
  const email = query.get('email')?.trim() ?? '';
  const resend = useResendVerification();

  return (
    <PublicCard title={SCREEN_TITLES.verifyEmail}>
      <Stack spacing={2}>
        <Typography color="text.secondary">
          We have sent you an e-mail to verify your address and activate your organization. The link in it
          expires in {VERIFICATION_LINK_HOURS} hours.
        </Typography>
        {email && (
          <>
            <Typography variant="body2" color="text.secondary">
              It went to <strong>{email}</strong>. No e-mail? Check your spam folder, or send it again.
            </Typography>
            <Button variant="outlined" onClick={() => resend.mutate(email)} loading={resend.isPending}>
              Resend e-mail
            </Button>
          </>
        )}
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <RouterLink to={toLogin()}>Back to login</RouterLink>
        </Typography>
      </Stack>
    </PublicCard>
  );
}
