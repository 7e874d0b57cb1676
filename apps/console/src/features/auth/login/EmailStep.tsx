import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, loginEmailStepSchema } from '@skyvault/contract';
import { formField } from '../../../components/formField';
import { EmailField } from '../../../components/TextFields';
import { useApiForm } from '../../../components/useApiForm';
import { useRequestCode } from '../auth.queries';
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
  const requestCode = useRequestCode();
  const { form, onSubmit, busy } = useApiForm({
    schema: loginEmailStepSchema,
    defaultValues: { email },
    send: async ({ email }) => {
      await requestCode.mutateAsync(email);
      return email;
    },
    onSent: onCodeSent,
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <Typography color="text.secondary">Enter your e-mail and we will send you a login code.</Typography>
      <EmailField {...formField(form, 'email')} autoComplete="username" autoFocus />
      <Button type="submit" variant="contained" size="large" loading={busy}>
        Continue
      </Button>
      <StepLinks>
        <StepLink onClick={() => onUseTenantName(form.getValues('email'))}>
          {ACTION_LABELS.useTenantName}
        </StepLink>
      </StepLinks>
    </Stack>
  );
}
