import { type MfaStepUpProof, TOASTS } from '@skyvault/contract';
import { useEffect, useState } from 'react';
import { MfaStepUpDialog } from '../../components/MfaStepUpDialog';
import { useErrorHandler } from '../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import { LazyMfaQrDialog, preloadMfaQrDialog } from './LazyMfaQrDialog';
import { type CreatedMfaDevice, MfaNameDialog } from './MfaNameDialog';
import { useDeleteMfaDevice } from './mfa.queries';
import { RecoveryCodesDialog } from './recovery/RecoveryCodesDialog';
import { ADD_FACTOR_STEP_UP, StepUpRefused, useHasFactor } from './stepUp';

/**
 * Adding a device (SPEC.md §4 MFA create): for a user who has a factor already, the step-up first (a
 * session alone must not add a factor of its own); then its name, then the QR dialog until a code
 * confirms it. A device that is never confirmed could not be used to log in, so leaving the QR dialog
 * deletes it. The user's first factor comes with their recovery codes, shown once before the flow ends.
 */
export function AddMfaDevice({ onClose, onAdded }: { onClose: () => void; onAdded?: () => void }) {
  const hasFactor = useHasFactor();
  const [proof, setProof] = useState<MfaStepUpProof | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedMfaDevice | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const removeDevice = useDeleteMfaDevice();
  const handleError = useErrorHandler();

  useEffect(() => {
    void preloadMfaQrDialog();
  }, []);

  if (recoveryCodes) return <RecoveryCodesDialog codes={recoveryCodes} open onClose={onClose} />;
  if (!created) {
    if (hasFactor === undefined) return null;
    // The proof is sent with the name (POST /mfa checks it); a refused one comes back here, said.
    if (hasFactor && !proof) {
      return (
        <MfaStepUpDialog
          title="Add MFA device"
          message={refused ? <StepUpRefused message={refused} /> : ADD_FACTOR_STEP_UP}
          confirmLabel="Next"
          onConfirm={async (given) => {
            setRefused(null);
            setProof(given);
          }}
          onClose={onClose}
        />
      );
    }
    return (
      <MfaNameDialog
        proof={proof ?? undefined}
        onCreated={setCreated}
        onStepUpRefused={(message) => {
          setProof(null);
          setRefused(message);
        }}
        onClose={onClose}
      />
    );
  }

  return (
    <LazyMfaQrDialog
      device={created}
      onVerified={(device) => {
        notify(TOASTS.mfaDeviceCreated, 'success');
        onAdded?.();
        // The user's first factor: their recovery codes, shown this once, before the dialog closes.
        if (device.recoveryCodes?.length) setRecoveryCodes(device.recoveryCodes);
        else onClose();
      }}
      // Never confirmed, the device guards no login: it goes without a code. Closed either way: if the
      // delete fails, the toast says so and the device stays listed.
      onCancel={() =>
        removeDevice.mutate(
          { id: created.id },
          {
            onError: (error) => {
              if (!isHandledByErrorHandler(error)) handleError(error);
            },
            onSettled: onClose,
          },
        )
      }
      cancelling={removeDevice.isPending}
    />
  );
}
