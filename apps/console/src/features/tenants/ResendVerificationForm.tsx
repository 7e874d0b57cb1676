import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VERIFICATION_LINK_HOURS, verificationEmailRequestSchema } from '@skyvault/contract';
import { useForm } from 'react-hook-form';
import { formField } from '../../components/formField';
import { EmailField } from '../../components/TextFields';
import { useResendVerification } from './tenants.queries';

/** Asks for a new verification link for the e-mail the organization was signed up with. */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const form = useForm({
    resolver: zodResolver(verificationEmailRequestSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(({ email }) => resend.mutate(email));

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Links expire after {VERIFICATION_LINK_HOURS} hours. Enter the e-mail you signed up with and we will
        send you a new one.
      </Typography>
      <EmailField {...formField(form, 'email')} autoComplete="email" />
      <Button type="submit" variant="contained" loading={resend.isPending}>
        Send a new link
      </Button>
    </Stack>
  );
}
