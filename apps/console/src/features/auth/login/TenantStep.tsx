import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, loginTenantStepSchema } from '@skyvault/contract';
import { useForm } from 'react-hook-form';
import { formField } from '../../../components/formField';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';

/** Credential flow, first step: the tenant (organization) name. */
export function TenantStep({
  tenantName,
  onContinue,
  onUseEmail,
}: {
  tenantName: string;
  onContinue: (tenantName: string) => void;
  onUseEmail: () => void;
}) {
  const form = useForm({ resolver: zodResolver(loginTenantStepSchema), defaultValues: { tenantName } });
  const submit = form.handleSubmit(({ tenantName }) => onContinue(tenantName));

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography color="text.secondary">Enter the name of your organization's tenant.</Typography>
      <TextField
        {...formField(form, 'tenantName')}
        label="Tenant name"
        autoComplete="organization"
        autoFocus
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large">
        Continue
      </Button>
      <StepLinks>
        <StepLink onClick={onUseEmail}>{ACTION_LABELS.logInWithEmail}</StepLink>
      </StepLinks>
    </Stack>
  );
}
