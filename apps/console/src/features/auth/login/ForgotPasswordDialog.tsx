import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ACTION_LABELS, forgotPasswordSchema, SCREEN_TITLES } from '@skyvault/contract';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { formField } from '../../../components/formField';
import { EmailField } from '../../../components/TextFields';
import { useApiForm } from '../../../components/useApiForm';
import { useForgotPassword } from '../password.queries';

/** The answer never tells whether the account exists, and neither does the dialog. */
export const RESET_LINK_SENT = 'If the account exists, we have sent a link to reset the password.';

/** 'Forgot Your Password?': e-mails a reset link for an e-mail and tenant, prefilled from the login form. */
export function ForgotPasswordDialog({
  email,
  tenantName,
  onClose,
}: {
  email: string;
  tenantName: string;
  onClose: () => void;
}) {
  const sendLink = useForgotPassword();
  const [sent, setSent] = useState(false);
  const { form, onSubmit, busy } = useApiForm({
    schema: forgotPasswordSchema,
    defaultValues: { email, tenantName },
    send: (values) => sendLink.mutateAsync(values),
    onSent: () => setSent(true),
  });

  return (
    <FormDialog
      title={SCREEN_TITLES.forgotPassword}
      busy={busy}
      onSubmit={onSubmit}
      onClose={onClose}
      actions={
        sent ? (
          <Button onClick={onClose} variant="contained" autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={busy}>
              {ACTION_LABELS.resetPassword}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <Alert severity="success" role="status">
          {RESET_LINK_SENT}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <DialogContentText>
            Enter the e-mail and the tenant name of your account and we will send you a link to set a new
            password.
          </DialogContentText>
          <EmailField {...formField(form, 'email')} autoComplete="username" autoFocus={!email} />
          <TextField
            {...formField(form, 'tenantName')}
            label="Tenant name"
            autoComplete="organization"
            autoFocus={Boolean(email) && !tenantName}
            required
            fullWidth
          />
        </Stack>
      )}
    </FormDialog>
  );
}
