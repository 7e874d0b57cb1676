import DialogContentText from '@mui/material/DialogContentText';
import { ACTION_LABELS, loginTotpSchema, SCREEN_TITLES } from '@skyvault/contract';
import { FormDialog } from '../../../components/FormDialog';
import { formField } from '../../../components/formField';
import { VerificationCodeField } from '../../../components/TextFields';
import { useApiForm } from '../../../components/useApiForm';

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
  const { form, onSubmit, busy } = useApiForm({
    schema: loginTotpSchema,
    defaultValues: { code: '' },
    send: ({ code }) => onSubmitCode(code),
  });

  return (
    <FormDialog
      title={SCREEN_TITLES.mfaCode}
      busy={busy}
      onSubmit={onSubmit}
      onClose={onCancel}
      submitLabel={ACTION_LABELS.login}
    >
      <DialogContentText sx={{ mb: 2 }}>
        Open the authenticator app on your MFA device and enter the code it shows.
      </DialogContentText>
      <VerificationCodeField {...formField(form, 'code')} maxLength={6} />
    </FormDialog>
  );
}
