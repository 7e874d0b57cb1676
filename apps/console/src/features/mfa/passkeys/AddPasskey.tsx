import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSKEY_TEXTS, passkeyFormSchema } from '@skyvault/contract';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { MfaStepUpDialog } from '../../../components/MfaStepUpDialog';
import { useApiForm } from '../../../components/useApiForm';
import { apiErrorOf, failureMessage } from '../../../core/errors/apiErrors';
import { PasskeyCeremonyError } from '../../../core/passkeys/ceremony';
import { notify } from '../../../core/toasts/notify';
import { DEFAULT_NAME_BASE, nextFreeName, useProposedName } from '../defaultName';
import { MfaNameField } from '../MfaNameField';
import { RecoveryCodesDialog } from '../recovery/RecoveryCodesDialog';
import { ADD_FACTOR_STEP_UP, StepUpRefused, useHasFactor } from '../stepUp';
import { usePasskeys, useRegisterPasskey, useRegistrationOptions } from './passkeys.queries';

export interface AddPasskeyProps {
  onClose: () => void;
  /** The passkey is registered (before its recovery codes, if any, are shown). */
  onAdded?: () => void;
}

/**
 * Adding a passkey: for a user who has a factor already, the step-up first (it asks the server for the
 * registration's challenge with the proof); then its name, then the browser's prompt, then, for the
 * user's first factor, the recovery codes shown this once. A prompt the user closed keeps the dialog,
 * so they can try again with the same challenge; one the server refused is used up, and a new one
 * asks for the step-up again.
 */
export function AddPasskey({ onClose, onAdded }: AddPasskeyProps) {
  const hasFactor = useHasFactor();
  const askOptions = useRegistrationOptions();
  const register = useRegisterPasskey();
  const [options, setOptions] = useState<Record<string, unknown> | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, busy } = useApiForm({
    schema: passkeyFormSchema,
    defaultValues: { name: '' },
    send: (values) => {
      setFailure(null);
      return register.mutateAsync({ ...values, options: options ?? undefined });
    },
    onSent: ({ recoveryCodes }) => {
      notify(PASSKEY_TEXTS.created_toast, 'success');
      onAdded?.();
      if (recoveryCodes?.length) setCodes(recoveryCodes);
      else onClose();
    },
    onError: (error) => {
      if (error instanceof PasskeyCeremonyError) {
        setFailure(error.message);
        return true;
      }
      // A refusal of the answer used the challenge up (a taken name is refused before it is used).
      if (!options || !apiErrorOf(error) || apiErrorOf(error)?.fields?.name) return false;
      setOptions(null);
      setRefused(failureMessage(error));
      return true;
    },
  });
  // 'Passkey-1', or the next number the user's passkeys leave free.
  const passkeys = usePasskeys();
  useProposedName(
    form,
    passkeys.data &&
      nextFreeName(
        DEFAULT_NAME_BASE.passkey,
        passkeys.data.passkeys.map((passkey) => passkey.name),
      ),
  );

  if (codes) return <RecoveryCodesDialog codes={codes} open onClose={onClose} />;
  if (hasFactor === undefined) return null;
  if (hasFactor && !options) {
    return (
      <MfaStepUpDialog
        title={PASSKEY_TEXTS.add}
        message={refused ? <StepUpRefused message={refused} /> : ADD_FACTOR_STEP_UP}
        confirmLabel="Next"
        onConfirm={async (proof) => {
          setOptions(await askOptions.mutateAsync(proof));
          setRefused(null);
        }}
        onClose={onClose}
      />
    );
  }

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
