import TextField from '@mui/material/TextField';
import { type ApplicationCreate, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import { APPLICATION_NAME_HINT, applicationCreateResolver } from './applicationForm';
import { useCreateApplication } from './applications.queries';

/**
 * The list's create modal (SPEC.md §2 Connected Apps): the name only; the app starts with a new client id
 * and secret, and its OAuth settings are edited afterwards. The list reloads through the query cache.
 */
export function CreateConnectedAppDialog({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const create = useCreateApplication();
  const reportError = useFormErrorReport();
  const form = useForm<ApplicationCreate>({
    resolver: applicationCreateResolver,
    defaultValues: { name: '' },
  });
  const close = () => setOpen(false);

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        notify(TOASTS.applicationCreated, 'success');
        close();
      },
      onError: (error) => reportError(form, error),
    }),
  );

  return (
    <FormDialog
      title="Create Connected App"
      open={open}
      busy={create.isPending}
      onSubmit={submit}
      onClose={close}
      onExited={onClose}
      cancelLabel="Close"
      submitLabel="Create"
    >
      <TextField
        {...formField(form, 'name', APPLICATION_NAME_HINT)}
        label="Name"
        required
        fullWidth
        autoFocus
        autoComplete="off"
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
