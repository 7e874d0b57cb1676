import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authEndpoints, loginEmailStepSchema } from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formField } from '../../../components/formField';
import { callApi } from '../../../core/api/client';
import { useFormErrorReport } from '../../../core/errors/formErrors';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';

/** E-mail flow, first step: the address a login code is sent to. */
export function EmailStep({
  email,
  onCodeSent,
  onUseTenantName,
}: {
  email: string;
  onCodeSent: (email: string) => void;
  onUseTenantName: (typedEmail: string) => void;
}) {
  const reportError = useFormErrorReport();
  const form = useForm({ resolver: zodResolver(loginEmailStepSchema), defaultValues: { email } });
  const requestCode = useMutation({
    mutationFn: (body: { email: string }) => callApi(authEndpoints.requestCode, { body }),
    meta: { errorToast: false },
  });

  const submit = form.handleSubmit(({ email }) =>
    requestCode.mutate(
      { email },
      { onSuccess: () => onCodeSent(email), onError: (error) => reportError(form, error) },
    ),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography color="text.secondary">Enter your e-mail and we will send you a login code.</Typography>
      <TextField
        {...formField(form, 'email')}
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" loading={requestCode.isPending}>
        Continue
      </Button>
      <StepLinks>
        <StepLink onClick={() => onUseTenantName(form.getValues('email'))}>Use tenant name</StepLink>
      </StepLinks>
    </Stack>
  );
}
