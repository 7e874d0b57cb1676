import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EMAIL_PROOF_LINK_DAYS, EMAIL_PROOF_PAGE, emailProofRequestSchema } from '@skyvault/contract';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { formField } from '../../components/formField';
import { PublicCard } from '../../components/PublicCard';
import { RouterLink } from '../../components/RouterLink';
import { EmailField } from '../../components/TextFields';
import { failureMessage } from '../../core/errors/apiErrors';
import { toLogin } from '../../core/paths/links';
import { useProveEmail, useResendEmailProof } from './emailProof.queries';

/** Asks for a new link for the changed address (the same answer whatever the address). */
function ResendProofForm() {
  const resend = useResendEmailProof();
  const form = useForm({ resolver: zodResolver(emailProofRequestSchema), defaultValues: { email: '' } });
  const submit = form.handleSubmit(({ email }) => resend.mutate(email));
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {EMAIL_PROOF_PAGE.resendHint(EMAIL_PROOF_LINK_DAYS)}
      </Typography>
      <EmailField {...formField(form, 'email')} autoComplete="email" />
      <Button type="submit" variant="contained" loading={resend.isPending}>
        {EMAIL_PROOF_PAGE.resendButton}
      </Button>
    </Stack>
  );
}

/**
 * /auth/confirm-email?token=…: the link mailed to a user's changed address. Opening it proves the
 * address (password resets and login codes go to it again); a link that cannot be used says why and
 * offers a new one, as the sign-up verification page does.
 */
export function ConfirmEmailPage() {
  const [query] = useSearchParams();
  const token = query.get('token')?.trim() ?? '';
  const prove = useProveEmail();

  // A token works once: the ref keeps a remounted page (development's strict mode) from using it twice.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    prove.mutate(token);
  }, [token, prove.mutate]);

  if (prove.data) {
    const { tenantName, email } = prove.data;
    return (
      <PublicCard title={EMAIL_PROOF_PAGE.provenTitle}>
        <Stack spacing={2}>
          <Alert severity="success">{EMAIL_PROOF_PAGE.proven(email, tenantName)}</Alert>
          <Button component={Link} to={toLogin({ tenantName, email })} variant="contained" size="large">
            {EMAIL_PROOF_PAGE.logIn}
          </Button>
        </Stack>
      </PublicCard>
    );
  }

  if (token && !prove.isError) {
    return (
      <PublicCard title={EMAIL_PROOF_PAGE.pendingTitle}>
        <CircularProgress aria-label={EMAIL_PROOF_PAGE.pendingTitle} sx={{ display: 'block', mx: 'auto' }} />
      </PublicCard>
    );
  }

  const message = token ? failureMessage(prove.error) : EMAIL_PROOF_PAGE.incompleteLink;
  return (
    <PublicCard title={EMAIL_PROOF_PAGE.failedTitle}>
      <Stack spacing={2}>
        <Alert severity="error">{message}</Alert>
        <ResendProofForm />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <RouterLink to={toLogin()}>{EMAIL_PROOF_PAGE.backToLogin}</RouterLink>
        </Typography>
      </Stack>
    </PublicCard>
  );
}
