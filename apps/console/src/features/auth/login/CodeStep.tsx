import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authEndpoints, type LoginTenant, verificationCodeVerifySchema } from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formField } from '../../../components/formField';
import { callApi } from '../../../core/api/client';
import { useFormErrorReport } from '../../../core/errors/formErrors';
import { notify } from '../../../core/toasts/notify';
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
  const reportError = useFormErrorReport();
  const form = useForm({ resolver: zodResolver(codeStepSchema), defaultValues: { code: '' } });
  const verify = useMutation({
    mutationFn: (code: string) => callApi(authEndpoints.verifyCode, { body: { email, code } }),
    meta: { errorToast: false },
  });
  // The code lives 10 minutes and the e-mail can go astray; a new one replaces it.
  const resend = useMutation({
    mutationFn: () => callApi(authEndpoints.requestCode, { body: { email } }),
    onSuccess: () => notify(`We have sent a new code to ${email}.`, 'info'),
  });

  const submit = form.handleSubmit(({ code }) =>
    verify.mutate(code, {
      onSuccess: ({ tenants }) => onVerified(tenants),
      onError: (error) => reportError(form, error),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography color="text.secondary">
        We have sent a verification code to <strong>{email}</strong>. Enter it below.
      </Typography>
      <TextField
        {...formField(form, 'code')}
        label="Verification code"
        autoComplete="one-time-code"
        autoFocus
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Button type="submit" variant="contained" size="large" loading={verify.isPending}>
        Continue
      </Button>
      <StepLinks>
        <StepLink onClick={onUseDifferentEmail}>Login with a different email</StepLink>
        <StepLink onClick={() => resend.mutate()}>Send a new code</StepLink>
      </StepLinks>
    </Stack>
  );
}
