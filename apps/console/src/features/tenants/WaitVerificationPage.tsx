import Typography from '@mui/material/Typography';
import { VERIFICATION_LINK_HOURS } from '@skyvault/contract';
import { PublicCard } from '../../app/layout/PublicCard';

/** After sign-up (SPEC.md §2): the organization becomes active once its e-mail address is verified. */
export function WaitVerificationPage() {
  return (
    <PublicCard title="Verify your email">
      <Typography color="text.secondary">
        We have sent you an e-mail to verify your address and activate your organization. The link in it
        expires in {VERIFICATION_LINK_HOURS} hours.
      </Typography>
    </PublicCard>
  );
}
