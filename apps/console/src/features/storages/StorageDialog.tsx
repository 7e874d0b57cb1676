import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Storage, type StorageCreate, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import { StorageCredentialFields } from './StorageCredentialFields';
import { StorageTypeSelect } from './StorageTypeSelect';
import {
  type StorageFormOutput,
  type StorageFormValues,
  storageFormValues,
  storageResolver,
} from './storageForm';
import { useCreateStorage, useUpdateStorage } from './storages.queries';

/** Shown under the name until there is an error: the storage name rules of SPEC.md §5, in short. */
const NAME_HINT = '3 to 64 Latin letters, digits, "-" or "_"';

/**
 * The create or edit modal (SPEC.md §2 Storages): name, type and the chosen kind's credentials, checked
 * with the contract's schemas. Create toasts the server's own message (SPEC.md §8).
 */
export function StorageDialog({ storage, onClose }: { storage?: Storage; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const create = useCreateStorage();
  const update = useUpdateStorage();
  const reportError = useFormErrorReport();
  const form = useForm<StorageFormValues, unknown, StorageFormOutput>({
    resolver: storageResolver(storage),
    defaultValues: storageFormValues(storage),
  });
  const type = form.watch('type');
  const pending = create.isPending || update.isPending;
  const close = () => setOpen(false);

  const submit = form.handleSubmit((body) => {
    const onError = (error: unknown) => reportError(form, error);
    if (storage) {
      update.mutate(
        { id: storage.id, body },
        {
          onSuccess: () => {
            notify(TOASTS.storageUpdated, 'success');
            close();
          },
          onError,
        },
      );
    } else {
      // The resolver checked a new storage with the create schema, so its secrets are there.
      create.mutate(body as StorageCreate, {
        onSuccess: ({ message }) => {
          notify(message, 'success');
          close();
        },
        onError,
      });
    }
  });

  return (
    <FormDialog
      title={storage ? 'Edit storage' : 'Create storage'}
      open={open}
      busy={pending}
      onSubmit={submit}
      onClose={close}
      onExited={onClose}
      submitLabel={storage ? 'Save' : 'Create'}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField
          {...formField(form, 'name', NAME_HINT)}
          label="Name"
          required
          fullWidth
          autoFocus
          autoComplete="off"
        />
        <StorageTypeSelect control={form.control} />
        <StorageCredentialFields
          form={form}
          type={type}
          keepsSecrets={Boolean(storage) && type === storage?.type}
        />
      </Stack>
    </FormDialog>
  );
}
