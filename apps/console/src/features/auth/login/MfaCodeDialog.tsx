import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { loginTotpSchema } from '@skyvault/contract';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/FormDialog';
import { formField } from '../../../components/formField';
import { useFormErrorReport } from '../../../core/errors/formErrors';

/**
 * The TOTP step of a login with MFA (SPEC.md §4): login continues only with a code. A wrong code is
 * shown on the field and the dialog stays, so the next code can be typed at once.
 */
export function MfaCodeDialog({
  onSubmitCode,
  onCancel,
}: {
  onSubmitCode: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const reportError = useFormErrorReport();
  const form = useForm({ resolver: zodResolver(loginTotpSchema), defaultValues: { code: '' } });
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onSubmitCode(code);
    } catch (error) {
      reportError(form, error);
    }
  });

  return (
    <FormDialog
      title="Enter 6-digit verification code"
      busy={submitting}
      onSubmit={submit}
      onClose={onCancel}
      submitLabel="Login"
    >
      <DialogContentText sx={{ mb: 2 }}>
        Open the authenticator app on your MFA device and enter the code it shows.
      </DialogContentText>
      <TextField
        {...formField(form, 'code')}
        label="Verification code"
        autoComplete="one-time-code"
        autoFocus
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
    </FormDialog>
  );
}
