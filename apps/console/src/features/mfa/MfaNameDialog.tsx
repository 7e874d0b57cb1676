import { type MfaDeviceCreated, mfaDeviceFormSchema } from '@skyvault/contract';
import { FormDialog } from '../../components/FormDialog';
import { useApiForm } from '../../components/useApiForm';
import { MfaNameField } from './MfaNameField';
import { useCreateMfaDevice } from './mfa.queries';

export type CreatedMfaDevice = MfaDeviceCreated & { name: string };

/** First step of adding a device (SPEC.md §4 MFA create): its name, then POST /mfa. */
export function MfaNameDialog({
  onCreated,
  onClose,
}: {
  onCreated: (device: CreatedMfaDevice) => void;
  onClose: () => void;
}) {
  const create = useCreateMfaDevice();
  const { form, onSubmit, busy } = useApiForm({
    schema: mfaDeviceFormSchema,
    defaultValues: { name: '' },
    send: async ({ name }) => ({ ...(await create.mutateAsync({ name })), name }),
    onSent: onCreated,
  });

  return (
    <FormDialog
      title="Add MFA device"
      description={
        'Give the device a name you will recognise, such as "Work-phone". Next you will connect it to ' +
        'your authenticator app.'
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
