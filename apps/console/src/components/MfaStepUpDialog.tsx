import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type MfaStepUpMethod, type MfaStepUpProof, mfaStepUpFormSchemas } from '@skyvault/contract';
import { type ReactNode, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { FormDialog } from './FormDialog';
import { formField } from './formField';
import { VerificationCodeField } from './TextFields';
import { useApiForm } from './useApiForm';

export interface MfaStepUpDialogProps {
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /**
   * Sends the action with the proof. A rejection keeps the dialog open: the server's message for the
   * code or the password goes next to the field, any other failure to the shared handler.
   */
  onConfirm: (proof: MfaStepUpProof) => Promise<void>;
  onClose: () => void;
}

interface StepUpValues {
  code: string;
  password: string;
}

const ASKING: Record<MfaStepUpMethod, { prompt: string; switchTo: MfaStepUpMethod; switchLabel: string }> = {
  code: {
    prompt: 'To confirm, enter the 6-digit code that one of your enabled authenticator apps shows now.',
    switchTo: 'password',
    switchLabel: 'Use your password instead',
  },
  password: {
    prompt: 'To confirm, enter the password of your account.',
    switchTo: 'code',
    switchLabel: 'Use a verification code instead',
  },
};

/**
 * The step-up: a change that a stolen session alone must not make (removing a factor that guards the
 * login, a new set of recovery codes, a new API token) asks for a current factor, a code from an
 * authenticator app or, when the phone is at hand no more, the account password. Enter submits; the
 * switch between the two is a button. Shared by MFA Devices and API Tokens, hence a component.
 */
export function MfaStepUpDialog({
  title,
  message,
  confirmLabel,
  destructive = false,
  onConfirm,
  onClose,
}: MfaStepUpDialogProps) {
  const [method, setMethod] = useState<MfaStepUpMethod>('code');
  // Only the shown field is part of the form, so a password typed before switching is not kept; the
  // shown field's schema checks it and answers the proof to send.
  const { form, onSubmit, busy } = useApiForm({
    resolver: zodResolver(mfaStepUpFormSchemas[method]) as unknown as Resolver<
      StepUpValues,
      unknown,
      MfaStepUpProof
    >,
    defaultValues: { code: '', password: '' },
    shouldUnregister: true,
    send: onConfirm,
  });
  const asking = ASKING[method];

  const switchMethod = () => {
    form.clearErrors();
    setMethod(asking.switchTo);
  };

  return (
    <FormDialog
      title={title}
      busy={busy}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={confirmLabel}
      destructive={destructive}
    >
      <Stack sx={{ gap: 2 }}>
        {message && <Typography color="text.secondary">{message}</Typography>}
        <Typography color="text.secondary">{asking.prompt}</Typography>
        {method === 'code' ? (
          <VerificationCodeField key="code" {...formField(form, 'code')} />
        ) : (
          <TextField
            key="password"
            {...formField(form, 'password')}
            label="Password"
            type="password"
            required
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
          />
        )}
        <Button onClick={switchMethod} sx={{ alignSelf: 'flex-start' }} disabled={busy}>
          {asking.switchLabel}
        </Button>
      </Stack>
    </FormDialog>
  );
}
