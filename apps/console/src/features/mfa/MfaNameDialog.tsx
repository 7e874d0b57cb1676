import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type MfaDeviceCreated, mfaDeviceFormSchema } from '@skyvault/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useFormErrorReport } from '../../core/errors/formErrors';
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
  const titleId = useId();
  const descriptionId = useId();
  const create = useCreateMfaDevice();
  const reportError = useFormErrorReport();
  const form = useForm({
    resolver: zodResolver(mfaDeviceFormSchema),
    defaultValues: { name: '' },
  });
  const { control, handleSubmit } = form;

  const submit = handleSubmit(({ name }) =>
    create.mutate(
      { name },
      {
        onSuccess: (created) => onCreated({ ...created, name }),
        onError: (error) => reportError(form, error),
      },
    ),
  );

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      {/* The whole dialog is the form, so Enter in the field submits it. */}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>Add MFA device</DialogTitle>
        <DialogContent>
          <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
            Give the device a name you will recognise, such as "Work-phone". Next you will connect it to your
            authenticator app.
          </DialogContentText>
          <MfaNameField control={control} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Next
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
