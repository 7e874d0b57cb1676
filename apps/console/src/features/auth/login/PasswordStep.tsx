import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { loginPasswordStepSchema } from '@skyvault/contract';
import { useForm } from 'react-hook-form';
import { formField } from '../../../components/formField';
import { PasswordField } from '../../../components/password/PasswordField';
import { useFormErrorReport } from '../../../core/errors/formErrors';
import { ChosenAccount } from './ChosenAccount';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';
import type { Credentials } from './useSignIn';

/** E-mail flow, last step: the password for the chosen tenant. */
export function PasswordStep({
  email,
  tenantName,
  onSignIn,
  onSelectDifferentTenant,
  onForgotPassword,
}: {
  email: string;
  tenantName: string;
  onSignIn: (credentials: Credentials) => Promise<void>;
  onSelectDifferentTenant: () => void;
  onForgotPassword: () => void;
}) {
  const reportError = useFormErrorReport();
  const form = useForm({ resolver: zodResolver(loginPasswordStepSchema), defaultValues: { password: '' } });

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await onSignIn({ email, tenantName, password });
    } catch (error) {
      reportError(form, error);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <ChosenAccount email={email} tenantName={tenantName} />
      <PasswordField
        {...formField(form, 'password')}
        label="Password"
        autoComplete="current-password"
        autoFocus
        required
      />
      <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
        Log in
      </Button>
      <StepLinks>
        <StepLink onClick={onSelectDifferentTenant}>Select a different tenant</StepLink>
        <StepLink onClick={onForgotPassword}>Forgot password</StepLink>
      </StepLinks>
    </Stack>
  );
}
