import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublicCard } from '../../components/PublicCard';
import { RouterLink } from '../../components/RouterLink';
import { failureMessage } from '../../core/errors/apiErrors';
import { toLogin } from '../../core/paths/links';
import { ResendVerificationForm } from './ResendVerificationForm';
import { useVerifyTenant } from './tenants.queries';

/** Ours: a link without its token cannot be verified (the server is not asked). */
const INCOMPLETE_LINK = 'This verification link is not complete. Open the link from the e-mail again.';

/**
 * /tenants/verify?token=…: the link of the sign-up e-mail. Opening it activates the organization
 * (SPEC.md §4 Tenant); opening it again shows the same success; a link that cannot be used says why
 * and offers a new one (docs/login.md).
 */
export function VerifyTenantPage() {
  const [query] = useSearchParams();
  const token = query.get('token')?.trim() ?? '';
  const verify = useVerifyTenant();

  // A token works once: the ref keeps a remounted page (development's strict mode) from using it twice.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verify.mutate(token);
  }, [token, verify.mutate]);

  if (verify.data) {
    const { tenantName, email } = verify.data;
    return (
      <PublicCard title="Your organization is active">
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Thank you for verifying your e-mail. Your organization <strong>{tenantName}</strong> is ready: log
            in as <strong>{email}</strong>.
          </Typography>
          <Button component={Link} to={toLogin({ tenantName, email })} variant="contained" size="large">
            Log in
          </Button>
        </Stack>
      </PublicCard>
    );
  }

  if (token && !verify.isError) {
    return (
      <PublicCard title="Verifying your email">
        <CircularProgress aria-label="Verifying" sx={{ display: 'block', mx: 'auto' }} />
      </PublicCard>
    );
  }

  const message = token ? failureMessage(verify.error) : INCOMPLETE_LINK;
  return (
    <PublicCard title="Your email could not be verified">
      <Stack spacing={2}>
        <Alert severity="error">{message}</Alert>
        {/*
          The API answers expired, replaced, used and unknown links alike (INVALID_CODE, its message
          saying which); a new link helps the first two. A used link of an active organization (a
          reload of this page) is answered as a success, so it never shows here.
        */}
        <ResendVerificationForm />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <RouterLink to={toLogin()}>Back to login</RouterLink>
        </Typography>
      </Stack>
    </PublicCard>
  );
}
