import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ForgotPassword, forgotPasswordSchema, passwordEndpoints } from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/FormDialog';
import { formField } from '../../../components/formField';
import { callApi } from '../../../core/api/client';
import { useFormErrorReport } from '../../../core/errors/formErrors';

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
  const reportError = useFormErrorReport();
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email, tenantName } });
  const sendLink = useMutation({
    mutationFn: (body: ForgotPassword) => callApi(passwordEndpoints.forgotPassword, { body }),
    meta: { errorToast: false },
  });
  const submit = form.handleSubmit((values) =>
    sendLink.mutate(values, { onError: (error) => reportError(form, error) }),
  );

  return (
    <FormDialog
      title="Forgot Your Password?"
      busy={sendLink.isPending}
      onSubmit={submit}
      onClose={onClose}
      actions={
        sendLink.isSuccess ? (
          <Button onClick={onClose} variant="contained" autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={sendLink.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={sendLink.isPending}>
              Reset password
            </Button>
          </>
        )
      }
    >
      {sendLink.isSuccess ? (
        <Alert severity="success" role="status">
          {RESET_LINK_SENT}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <DialogContentText>
            Enter the e-mail and the tenant name of your account and we will send you a link to set a new
            password.
          </DialogContentText>
          <TextField
            {...formField(form, 'email')}
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus={!email}
            required
            fullWidth
          />
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
