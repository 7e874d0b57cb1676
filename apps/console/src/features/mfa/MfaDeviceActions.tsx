import {
  CONFIRMATIONS,
  type MfaDevice,
  type MfaStepUpProof,
  mfaEndpoints,
  mfaMenu,
  TOASTS,
  WARNINGS,
} from '@skyvault/contract';
import { useState } from 'react';
import { ActionsMenu } from '../../components/ActionsMenu';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MfaStepUpDialog } from '../../components/MfaStepUpDialog';
import { useLeaveAfterDelete } from '../../components/screens/useLeaveAfterDelete';
import { type ConfirmationText, useConfirmation } from '../../components/useConfirmation';
import { type ApiError, isConflict } from '../../core/errors/apiErrors';
import { useErrorHandler } from '../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';
import { toMfaDevices } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { LazyMfaQrDialog, preloadMfaQrDialog } from './LazyMfaQrDialog';
import type { CreatedMfaDevice } from './MfaNameDialog';
import {
  type MfaDeviceSwitch,
  useDeleteMfaDevice,
  useResetMfaSecret,
  useSwitchMfaDevice,
} from './mfa.queries';
import { RecoveryCodesDialog } from './recovery/RecoveryCodesDialog';
import { useHasFactor } from './stepUp';

type MfaAction = MfaDeviceSwitch | 'reset' | 'delete';

/** Resetting is not named by the spec; the texts are ours, worded like its confirmations. */
const RESET_SECRET_CONFIRMATION = 'Are you sure to reset the secret of this MFA device?';
const RESET_SECRET_DETAIL =
  'The authenticator app stops giving valid codes for this device until you scan the new QR code and ' +
  'confirm it with a code.';

const CONFIRMING: Record<MfaAction, ConfirmationText> = {
  enable: { title: CONFIRMATIONS.enableMfaDevice, label: 'Enable', destructive: false },
  disable: { title: CONFIRMATIONS.disableMfaDevice, label: 'Disable', destructive: false },
  reset: {
    title: RESET_SECRET_CONFIRMATION,
    message: RESET_SECRET_DETAIL,
    label: 'Reset secret',
    destructive: true,
  },
  delete: { title: CONFIRMATIONS.deleteMfaDevice, label: 'Delete', destructive: true },
};

const SWITCHED: Record<MfaDeviceSwitch, string> = {
  enable: TOASTS.mfaDeviceEnabled,
  disable: TOASTS.mfaDeviceDisabled,
};

/**
 * The API answers these two conflicts with the contract's own warning texts; they mean the device is
 * already as asked (changed elsewhere), which is a warning rather than a failure (SPEC.md §4).
 */
const ALREADY: readonly string[] = [WARNINGS.mfaDeviceAlreadyEnabled, WARNINGS.mfaDeviceAlreadyDisabled];
const alreadySwitched = (error: unknown): error is ApiError =>
  isConflict(error) && ALREADY.includes(error.message);

/**
 * Removing a factor that guards the login asks for a current one, and so does a new secret beside
 * another factor (confirmed, it adds one): the API decides the same way.
 */
const asksForFactor = (action: MfaAction, device: MfaDevice, hasFactor: boolean) =>
  action !== 'enable' && (device.status === 'Enable' || (action === 'reset' && hasFactor));

/** The details screen's Actions menu: items follow the device's status through the contract's mfaMenu. */
export function MfaDeviceActions({ device }: { device: MfaDevice }) {
  const leaveAfterDelete = useLeaveAfterDelete(TOASTS.mfaDeviceDeleted, toMfaDevices());
  const handleError = useErrorHandler();
  const confirmation = useConfirmation<MfaAction>('delete');
  const { confirming, ask, done } = confirmation;
  const [resetDevice, setResetDevice] = useState<CreatedMfaDevice | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [withFactor, setWithFactor] = useState(false);
  const switchDevice = useSwitchMfaDevice();
  const removeDevice = useDeleteMfaDevice();
  const resetSecret = useResetMfaSecret();
  // Only a device that is not enabled needs to know: an enabled one asks for the step-up anyway.
  const hasFactor = useHasFactor(device.status !== 'Enable') ?? false;
  const menu = mfaMenu(device.status);
  const pending = switchDevice.isPending || removeDevice.isPending || resetSecret.isPending;

  const choose = (action: MfaAction) => {
    // Decided when asked: the device's status changes under the open dialog once the action is done.
    setWithFactor(asksForFactor(action, device, hasFactor));
    ask(action);
    if (action === 'reset') void preloadMfaQrDialog();
  };

  /** Runs the confirmed action; a rejection is the caller's to show (next to a field, or a toast). */
  const perform = async (action: MfaAction, proof?: MfaStepUpProof) => {
    try {
      if (action === 'enable' || action === 'disable') {
        await switchDevice.mutateAsync({ id: device.id, to: action, proof });
        notify(SWITCHED[action], 'success');
      } else if (action === 'delete') {
        await removeDevice.mutateAsync({ id: device.id, proof });
        leaveAfterDelete();
      } else {
        const link = await resetSecret.mutateAsync({ id: device.id, proof });
        setResetDevice({ ...link, name: device.name });
      }
    } catch (error) {
      if (!alreadySwitched(error)) throw error;
      notify(error.message, 'warning');
    }
    done();
  };

  /** The plain confirmation has no field: every failure is reported by the shared handler. */
  const confirm = () => {
    if (!confirming) return;
    perform(confirming).catch((error: unknown) => {
      if (!isHandledByErrorHandler(error)) handleError(error);
      done();
    });
  };

  return (
    <>
      <ActionsMenu
        actions={[
          ...(menu.enable.visible
            ? [
                {
                  label: 'Enable',
                  endpoint: mfaEndpoints.enable,
                  disabled: menu.enable.disabled,
                  onSelect: () => choose('enable'),
                },
              ]
            : []),
          ...(menu.disable.visible
            ? [
                {
                  label: 'Disable',
                  endpoint: mfaEndpoints.disable,
                  disabled: menu.disable.disabled,
                  onSelect: () => choose('disable'),
                },
              ]
            : []),
          { label: 'Reset secret', endpoint: mfaEndpoints.reset, onSelect: () => choose('reset') },
          ...(menu.delete.visible
            ? [
                {
                  label: 'Delete',
                  endpoint: mfaEndpoints.remove,
                  disabled: menu.delete.disabled,
                  onSelect: () => choose('delete'),
                },
              ]
            : []),
        ]}
      />
      {confirming && withFactor && (
        <MfaStepUpDialog
          title={CONFIRMING[confirming].title}
          message={CONFIRMING[confirming].message}
          confirmLabel={CONFIRMING[confirming].label}
          destructive={CONFIRMING[confirming].destructive}
          onConfirm={(proof) => perform(confirming, proof)}
          onClose={done}
        />
      )}
      <ConfirmDialog
        {...confirmation.dialogProps(CONFIRMING)}
        open={confirming !== null && !withFactor}
        pending={pending}
        onConfirm={confirm}
      />
      {resetDevice && (
        <LazyMfaQrDialog
          device={resetDevice}
          // Reset and confirmed: the device is enabled again with its new secret.
          onVerified={({ recoveryCodes: codes }) => {
            notify(TOASTS.mfaDeviceUpdated, 'success');
            setResetDevice(null);
            // A user who had no recovery codes yet (the device is older than them) gets them now, once.
            if (codes?.length) setRecoveryCodes(codes);
          }}
          // The device keeps waiting for a code (SPEC.md §4); unlike a new one it is not deleted.
          onCancel={() => setResetDevice(null)}
        />
      )}
      {recoveryCodes && (
        <RecoveryCodesDialog codes={recoveryCodes} open onClose={() => setRecoveryCodes(null)} />
      )}
    </>
  );
}
