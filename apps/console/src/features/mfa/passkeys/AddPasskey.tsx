import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSKEY_TEXTS, passkeyFormSchema } from '@skyvault/contract';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { useApiForm } from '../../../components/useApiForm';
import { PasskeyCeremonyError } from '../../../core/passkeys/ceremony';
import { notify } from '../../../core/toasts/notify';
import { MfaNameField } from '../MfaNameField';
import { RecoveryCodesDialog } from '../recovery/RecoveryCodesDialog';
import { useRegisterPasskey } from './passkeys.queries';

export interface AddPasskeyProps {
  onClose: () => void;
  /** The passkey is registered (before its recovery codes, if any, are shown). */
  onAdded?: () => void;
}

/**
 * Adding a passkey: its name, then the browser's prompt, then, for the user's first factor, the recovery
 * codes shown this once. A prompt the user closed keeps the dialog, so they can try again.
 */
export function AddPasskey({ onClose, onAdded }: AddPasskeyProps) {
  const register = useRegisterPasskey();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, busy } = useApiForm({
    schema: passkeyFormSchema,
    defaultValues: { name: '' },
    send: (values) => {
      setFailure(null);
      return register.mutateAsync(values);
    },
    onSent: ({ recoveryCodes }) => {
      notify(PASSKEY_TEXTS.created_toast, 'success');
      onAdded?.();
      if (recoveryCodes?.length) setCodes(recoveryCodes);
      else onClose();
    },
    onError: (error) => {
      if (!(error instanceof PasskeyCeremonyError)) return false;
      setFailure(error.message);
      return true;
    },
  });

  if (codes) return <RecoveryCodesDialog codes={codes} open onClose={onClose} />;

  return (
    <FormDialog
      title={PASSKEY_TEXTS.add}
      description={PASSKEY_TEXTS.addIntro}
      busy={busy}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel="Next"
    >
      <Stack sx={{ gap: 2 }}>
        <MfaNameField form={form} />
        {busy && (
          <Typography role="status" color="text.secondary">
            {PASSKEY_TEXTS.waiting}
          </Typography>
        )}
        {failure && !busy && <Alert severity="warning">{failure}</Alert>}
      </Stack>
    </FormDialog>
  );
}
