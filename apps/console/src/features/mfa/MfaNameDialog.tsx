import { type MfaDeviceCreated, type MfaStepUpProof, mfaDeviceFormSchema } from '@skyvault/contract';
import { FormDialog } from '../../components/FormDialog';
import { useApiForm } from '../../components/useApiForm';
import { DEFAULT_NAME_BASE, nextFreeName, useProposedName } from './defaultName';
import { MfaNameField } from './MfaNameField';
import { useCreateMfaDevice, useMfaDeviceNames } from './mfa.queries';
import { stepUpRefusal } from './stepUp';

export type CreatedMfaDevice = MfaDeviceCreated & { name: string };

/**
 * First step of adding a device (SPEC.md §4 MFA create): its name, then POST /mfa, with the step-up's
 * proof when the user has a factor already. A refused proof goes back to the step-up (`onStepUpRefused`).
 */
export function MfaNameDialog({
  proof,
  onCreated,
  onStepUpRefused,
  onClose,
}: {
  proof?: MfaStepUpProof;
  onCreated: (device: CreatedMfaDevice) => void;
  onStepUpRefused?: (message: string) => void;
  onClose: () => void;
}) {
  const create = useCreateMfaDevice();
  const { form, onSubmit, busy } = useApiForm({
    schema: mfaDeviceFormSchema,
    defaultValues: { name: '' },
    send: async ({ name }) => ({ ...(await create.mutateAsync({ name, ...proof })), name }),
    onSent: onCreated,
    onError: (error) => {
      const refusal = stepUpRefusal(error);
      if (refusal === undefined || !onStepUpRefused) return false;
      onStepUpRefused(refusal);
      return true;
    },
  });
  // 'Authenticator-1', or the next number the user's devices leave free.
  const names = useMfaDeviceNames(DEFAULT_NAME_BASE.authenticator);
  useProposedName(form, names.data && nextFreeName(DEFAULT_NAME_BASE.authenticator, names.data));

  return (
    <FormDialog
      title="Add MFA device"
      description={
        'Keep the proposed name or give the device one you will recognise, such as "Work-phone". Next ' +
        'you will connect it to your authenticator app.'
      }
      busy={busy}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel="Next"
    >
      <MfaNameField form={form} />
    </FormDialog>
  );
}
