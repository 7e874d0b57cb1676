import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { loginCredentialStepSchema } from '@skyvault/contract';
import { useForm } from 'react-hook-form';
import { formField } from '../../../components/formField';
import { PasswordField } from '../../../components/password/PasswordField';
import { useFormErrorReport } from '../../../core/errors/formErrors';
import { ChosenAccount } from './ChosenAccount';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';
import type { Credentials } from './useSignIn';

/** Credential flow, last step: e-mail and password for the tenant entered before. */
export function CredentialStep({
  tenantName,
  email,
  onSignIn,
  onUseDifferentTenant,
  onForgotPassword,
}: {
  tenantName: string;
  email: string;
  onSignIn: (credentials: Credentials) => Promise<void>;
  onUseDifferentTenant: () => void;
  /** Opens the forgot-password dialog with the e-mail typed so far. */
  onForgotPassword: (typedEmail: string) => void;
}) {
  const reportError = useFormErrorReport();
  const form = useForm({
    resolver: zodResolver(loginCredentialStepSchema),
    defaultValues: { email, password: '' },
  });

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      await onSignIn({ email, tenantName, password });
    } catch (error) {
      reportError(form, error);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <ChosenAccount tenantName={tenantName} />
      <TextField
        {...formField(form, 'email')}
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus={!email}
        required
        fullWidth
      />
      <PasswordField
        {...formField(form, 'password')}
        label="Password"
        autoComplete="current-password"
        autoFocus={Boolean(email)}
        required
      />
      <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
        Log in
      </Button>
      <StepLinks>
        <StepLink onClick={onUseDifferentTenant}>Login with a different tenant name</StepLink>
        <StepLink onClick={() => onForgotPassword(form.getValues('email'))}>Forgot password</StepLink>
      </StepLinks>
    </Stack>
  );
}
