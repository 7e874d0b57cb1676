import Paper from '@mui/material/Paper';
import { type MfaDevice, mfaDeviceFormSchema, TOASTS, WARNINGS } from '@skyvault/contract';
import { PageHeader } from '../../components/PageHeader';
import { FormActions } from '../../components/screens/FormActions';
import { LoadBeforeEdit } from '../../components/screens/LoadBeforeEdit';
import { ItemPage } from '../../components/screens/missingItem';
import { useLeaveWithToast } from '../../components/screens/useLeaveAfterDelete';
import { useApiForm } from '../../components/useApiForm';
import { toMfaDevice, toMfaDevices } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { MfaNameField } from './MfaNameField';
import { useMfaDevice, useRenameMfaDevice } from './mfa.queries';

/** Renames one MFA device (SPEC.md §2); a missing id or a failed load goes back to the list (§8). */
export function MfaDeviceEditPage() {
  return (
    <ItemPage param="mfaId" list={toMfaDevices()}>
      {(id) => <MfaDeviceEditForm id={id} />}
    </ItemPage>
  );
}

/** Loads the device, then shows the rename form with its name. */
export function MfaDeviceEditForm({ id }: { id: string }) {
  const query = useMfaDevice(id);
  return (
    <LoadBeforeEdit
      item={query.data}
      loads={[query]}
      leaveWhen="failed"
      list={toMfaDevices()}
      noun="MFA device"
      title="Edit MFA Device"
      back={toMfaDevice(id)}
      backLabel="Back to the MFA device"
    >
      {(device) => <RenameForm device={device} />}
    </LoadBeforeEdit>
  );
}

function RenameForm({ device }: { device: MfaDevice }) {
  const leaveWithToast = useLeaveWithToast();
  const rename = useRenameMfaDevice();
  const id = device.id;
  const { form, onSubmit, busy } = useApiForm({
    schema: mfaDeviceFormSchema,
    defaultValues: { name: device.name },
    send: async ({ name }) => {
      // SPEC.md §5: renaming to the same name is a warning, and nothing is sent.
      if (name === device.name) return false;
      await rename.mutateAsync({ id, name });
      return true;
    },
    onSent: (renamed) => {
      if (renamed) leaveWithToast(TOASTS.mfaDeviceUpdated, toMfaDevice(id));
      else notify(WARNINGS.mfaDeviceNameSame, 'warning');
    },
  });

  return (
    <>
      <PageHeader title="Edit MFA Device" back={toMfaDevice(id)} backLabel="Back to the MFA device" />
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={onSubmit}
        aria-label="Edit MFA device"
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}
      >
        <MfaNameField form={form} />
        <FormActions cancelTo={toMfaDevice(id)} busy={busy} dirty={form.formState.isDirty} sx={{ mt: 3 }} />
      </Paper>
    </>
  );
}
