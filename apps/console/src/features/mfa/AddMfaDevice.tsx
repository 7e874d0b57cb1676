import { TOASTS } from '@skyvault/contract';
import { useEffect, useState } from 'react';
import { useErrorHandler } from '../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import { LazyMfaQrDialog, preloadMfaQrDialog } from './LazyMfaQrDialog';
import { type CreatedMfaDevice, MfaNameDialog } from './MfaNameDialog';
import { useDeleteMfaDevice } from './mfa.queries';
import { RecoveryCodesDialog } from './recovery/RecoveryCodesDialog';

/**
 * Adding a device (SPEC.md §4 MFA create): its name, then the QR dialog until a code confirms it.
 * A device that is never confirmed could not be used to log in, so leaving the QR dialog deletes it.
 * The user's first factor comes with their recovery codes, shown once before the flow ends.
 */
export function AddMfaDevice({ onClose, onAdded }: { onClose: () => void; onAdded?: () => void }) {
  const [created, setCreated] = useState<CreatedMfaDevice | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const removeDevice = useDeleteMfaDevice();
  const handleError = useErrorHandler();

  useEffect(() => {
    void preloadMfaQrDialog();
  }, []);

  if (recoveryCodes) return <RecoveryCodesDialog codes={recoveryCodes} open onClose={onClose} />;
  if (!created) return <MfaNameDialog onCreated={setCreated} onClose={onClose} />;

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
