import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACTION_LABELS,
  loginRecoveryCodeSchema,
  loginTotpSchema,
  PASSKEY_TEXTS,
  RECOVERY_CODE_TEXTS,
  SCREEN_TITLES,
  SECOND_FACTOR_TEXTS,
} from '@skyvault/contract';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { formField } from '../../../components/formField';
import { InputField } from '../../../components/InputField';
import { VerificationCodeField } from '../../../components/TextFields';
import { useApiForm } from '../../../components/useApiForm';
import { apiErrorOf } from '../../../core/errors/apiErrors';
import { useErrorHandler } from '../../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../../core/errors/formErrors';
import { authenticateWithBrowser, PasskeyCeremonyError } from '../../../core/passkeys/ceremony';
import type { SecondFactor } from '../auth.queries';
import { StepLink } from './StepLink';

/** How the second factor is given: the authenticator app's code, a recovery code, or a passkey. */
type Method = 'totp' | 'recovery' | 'passkey';

const TITLES: Record<Method, string> = {
  totp: SCREEN_TITLES.mfaCode,
  recovery: SECOND_FACTOR_TEXTS.recoveryCodeTitle,
  passkey: SECOND_FACTOR_TEXTS.passkeyTitle,
};

/**
 * The second step of a login with MFA (SPEC.md §4): login continues only with a code from the
 * authenticator app, one of the user's recovery codes, or one of their passkeys (after a password or a
 * provider sign-in). A user with passkeys and no authenticator app is offered the passkey first. A wrong code is shown on
 * the field and the dialog stays, so the next one can be typed at once.
 */
export function MfaCodeDialog({
  onSubmitFactor,
  onCancel,
  totp = true,
  passkeyOptions,
}: {
  onSubmitFactor: (factor: SecondFactor) => Promise<void>;
  onCancel: () => void;
  /** Whether the user has an authenticator app (false: passkeys only). */
  totp?: boolean;
  /** The challenge for one of the user's passkeys, when they have any. */
  passkeyOptions?: Record<string, unknown>;
}) {
  const [method, setMethod] = useState<Method>(passkeyOptions && !totp ? 'passkey' : 'totp');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyMessage, setPasskeyMessage] = useState<string | null>(null);
  const handleError = useErrorHandler();
  const codeForm = useApiForm({
    schema: loginTotpSchema,
    defaultValues: { code: '' },
    send: ({ code }) => onSubmitFactor({ code }),
  });
  const recoveryForm = useApiForm({
    schema: loginRecoveryCodeSchema,
    defaultValues: { recoveryCode: '' },
    send: ({ recoveryCode }) => onSubmitFactor({ recoveryCode }),
  });

  const signInWithPasskey = async () => {
    if (!passkeyOptions) return;
    setMethod('passkey');
    setPasskeyMessage(null);
    setPasskeyBusy(true);
    try {
      await onSubmitFactor({ passkey: await authenticateWithBrowser(passkeyOptions) });
    } catch (failure) {
      const refusal = apiErrorOf(failure);
      if (failure instanceof PasskeyCeremonyError) setPasskeyMessage(failure.message);
      else if (isHandledByErrorHandler(failure)) return;
      // The API's refusal of this passkey (not verified, an expired challenge) is said in the dialog.
      else if (refusal && refusal.status < 500) setPasskeyMessage(refusal.message);
      else handleError(failure);
    } finally {
      setPasskeyBusy(false);
    }
  };

  /** Each way starts afresh: a code typed for one is no code for the other. */
  const switchTo = (next: Method) => {
    setPasskeyMessage(null);
    codeForm.form.reset();
    recoveryForm.form.reset();
    setMethod(next);
  };

  const onSubmit =
    method === 'totp'
      ? codeForm.onSubmit
      : method === 'recovery'
        ? recoveryForm.onSubmit
        : (event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            void signInWithPasskey();
          };
  const busy = codeForm.busy || recoveryForm.busy || passkeyBusy;

  return (
    <FormDialog
      title={TITLES[method]}
      busy={busy}
      onSubmit={onSubmit}
      onClose={onCancel}
      submitLabel={method === 'passkey' ? PASSKEY_TEXTS.usePasskey : ACTION_LABELS.login}
    >
      {method === 'totp' && (
        <>
          <DialogContentText sx={{ mb: 2 }}>
            Open the authenticator app on your MFA device and enter the code it shows.
          </DialogContentText>
          <VerificationCodeField {...formField(codeForm.form, 'code')} maxLength={6} />
        </>
      )}
      {method === 'recovery' && (
        <>
          <DialogContentText sx={{ mb: 2 }}>{SECOND_FACTOR_TEXTS.recoveryCodeHelp}</DialogContentText>
          <InputField
            label={SECOND_FACTOR_TEXTS.recoveryCode}
            autoComplete="one-time-code"
            autoFocus
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 32, spellCheck: false, autoCapitalize: 'none' } }}
            {...formField(recoveryForm.form, 'recoveryCode')}
          />
        </>
      )}
      {method === 'passkey' && (
        <DialogContentText>
          {passkeyBusy ? PASSKEY_TEXTS.waiting : SECOND_FACTOR_TEXTS.passkeyHelp}
        </DialogContentText>
      )}
      {passkeyMessage && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 2 }}>
          {passkeyMessage}
        </Typography>
      )}
      <Stack direction="row" sx={{ mt: 2, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {passkeyOptions && method !== 'passkey' && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<KeyIcon />}
            disabled={busy}
            onClick={() => void signInWithPasskey()}
          >
            {PASSKEY_TEXTS.usePasskey}
          </Button>
        )}
        {totp && method !== 'totp' && (
          <StepLink onClick={() => switchTo('totp')}>{RECOVERY_CODE_TEXTS.useAuthenticatorCode}</StepLink>
        )}
        {method !== 'recovery' && (
          <StepLink onClick={() => switchTo('recovery')}>{RECOVERY_CODE_TEXTS.useRecoveryCode}</StepLink>
        )}
      </Stack>
    </FormDialog>
  );
}
