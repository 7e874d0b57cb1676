import { TOASTS } from '@skyvault/contract';
import { useEffect, useState } from 'react';
import { notify } from '../../app/toasts/notify';
import { LazyMfaQrDialog, preloadMfaQrDialog } from './LazyMfaQrDialog';
import { type CreatedMfaDevice, MfaNameDialog } from './MfaNameDialog';
import { useDeleteMfaDevice } from './mfa.queries';

/**
 * Adding a device (SPEC.md §4 MFA create): its name, then the QR dialog until a code confirms it.
 * A device that is never confirmed could not be used to log in, so leaving the QR dialog deletes it.
 */
export function AddMfaDevice({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedMfaDevice | null>(null);
  const removeDevice = useDeleteMfaDevice();

  useEffect(() => {
    void preloadMfaQrDialog();
  }, []);

  if (!created) return <MfaNameDialog onCreated={setCreated} onClose={onClose} />;

  return (
    <LazyMfaQrDialog
      device={created}
      onVerified={() => {
        notify(TOASTS.mfaDeviceCreated, 'success');
        onClose();
      }}
      // Closed either way: if the delete fails, the shared handler says so and the device stays listed.
      onCancel={() => removeDevice.mutate(created.id, { onSettled: onClose })}
      cancelling={removeDevice.isPending}
    />
  );
}
