import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ACTION_LABELS, loginCredentialStepSchema } from '@skyvault/contract';
import { formField } from '../../../components/formField';
import { PasswordField } from '../../../components/password/PasswordField';
import { EmailField } from '../../../components/TextFields';
import { useApiForm } from '../../../components/useApiForm';
import { ChosenAccount } from './ChosenAccount';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';
import { showRefusalOnPassword } from './showRefusalOnPassword';
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
  const { form, onSubmit, busy } = useApiForm({
    schema: loginCredentialStepSchema,
    defaultValues: { email, password: '' },
    send: ({ email, password }) => onSignIn({ email, tenantName, password }),
    onError: showRefusalOnPassword,
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <ChosenAccount tenantName={tenantName} />
      <EmailField {...formField(form, 'email')} autoComplete="username" autoFocus={!email} />
      <PasswordField
        {...formField(form, 'password')}
        label="Password"
        autoComplete="current-password"
        autoFocus={Boolean(email)}
        required
      />
      <Button type="submit" variant="contained" size="large" loading={busy}>
        Log in
      </Button>
      <StepLinks>
        <StepLink onClick={onUseDifferentTenant}>{ACTION_LABELS.differentTenantName}</StepLink>
        <StepLink onClick={() => onForgotPassword(form.getValues('email'))}>
          {ACTION_LABELS.forgotPassword}
        </StepLink>
      </StepLinks>
    </Stack>
  );
}
