import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, type LoginTenant, verificationCodeVerifySchema } from '@skyvault/contract';
import { formField } from '../../../components/formField';
import { VerificationCodeField } from '../../../components/TextFields';
import { useApiForm } from '../../../components/useApiForm';
import { useResendCode, useVerifyCode } from '../auth.queries';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';

const codeStepSchema = verificationCodeVerifySchema.pick({ code: true });

/** E-mail flow, second step: the e-mailed code, which answers the tenants the address belongs to. */
export function CodeStep({
  email,
  onVerified,
  onUseDifferentEmail,
}: {
  email: string;
  onVerified: (tenants: LoginTenant[]) => void;
  onUseDifferentEmail: () => void;
}) {
  const verify = useVerifyCode(email);
  // The code lives 10 minutes and the e-mail can go astray; a new one replaces it.
  const resend = useResendCode(email);
  const { form, onSubmit, busy } = useApiForm({
    schema: codeStepSchema,
    defaultValues: { code: '' },
    send: ({ code }) => verify.mutateAsync(code),
    onSent: ({ tenants }) => onVerified(tenants),
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <Typography color="text.secondary">
        We have sent a verification code to <strong>{email}</strong>. Enter it below.
      </Typography>
      <VerificationCodeField {...formField(form, 'code')} />
      <Button type="submit" variant="contained" size="large" loading={busy}>
        Continue
      </Button>
      <StepLinks>
        <StepLink onClick={onUseDifferentEmail}>{ACTION_LABELS.differentEmail}</StepLink>
        <StepLink onClick={() => resend.mutate()}>Send a new code</StepLink>
      </StepLinks>
    </Stack>
  );
}
