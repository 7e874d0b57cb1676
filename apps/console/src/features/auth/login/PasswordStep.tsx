import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ACTION_LABELS, loginPasswordStepSchema } from '@skyvault/contract';
import { formField } from '../../../components/formField';
import { PasswordField } from '../../../components/password/PasswordField';
import { useApiForm } from '../../../components/useApiForm';
import { ChosenAccount } from './ChosenAccount';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';
import { showRefusalOnPassword } from './showRefusalOnPassword';
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
  const { form, onSubmit, busy } = useApiForm({
    schema: loginPasswordStepSchema,
    defaultValues: { password: '' },
    send: ({ password }) => onSignIn({ email, tenantName, password }),
    onError: showRefusalOnPassword,
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <ChosenAccount email={email} tenantName={tenantName} />
      <PasswordField
        {...formField(form, 'password')}
        label="Password"
        autoComplete="current-password"
        autoFocus
        required
      />
      <Button type="submit" variant="contained" size="large" loading={busy}>
        Log in
      </Button>
      <StepLinks>
        <StepLink onClick={onSelectDifferentTenant}>{ACTION_LABELS.differentTenant}</StepLink>
        <StepLink onClick={onForgotPassword}>{ACTION_LABELS.forgotPassword}</StepLink>
      </StepLinks>
    </Stack>
  );
}
