import Stack from '@mui/material/Stack';
import { type Storage, type StorageCreate, TOASTS } from '@skyvault/contract';
import { FormDialog } from '../FormDialog';
import { formField } from '../formField';
import { NameField } from '../TextFields';
import { useSaveDialog } from '../useSaveDialog';
import { StorageCredentialFields } from './StorageCredentialFields';
import { StorageTypeSelect } from './StorageTypeSelect';
import { storageFormValues, storageResolver } from './storageForm';
import { useCreateStorage, useUpdateStorage } from './storageWrites';

/** Shown under the name until there is an error: the storage name rules of SPEC.md §5, in short. */
const NAME_HINT = '3 to 64 Latin letters, digits, "-" or "_"';

/**
 * The create or edit modal (SPEC.md §2 Storages): name, type and the chosen kind's credentials, checked
 * with the contract's schemas. Create toasts the server's own message (SPEC.md §8) and hands the new
 * storage's id to `onCreated` (the connection dialog selects it).
 */
export function StorageDialog({
  storage,
  onCreated,
  onClose,
}: {
  storage?: Storage;
  onCreated?: (storageId: string) => void;
  onClose: () => void;
}) {
  const create = useCreateStorage();
  const update = useUpdateStorage();
  const { form, dialog } = useSaveDialog({
    resolver: storageResolver(storage),
    defaultValues: storageFormValues(storage),
    send: async (body) => {
      if (storage) {
        await update.mutateAsync({ id: storage.id, body });
        return { message: TOASTS.storageUpdated, id: storage.id };
      }
      // The resolver checked a new storage with the create schema, so its secrets are there.
      return create.mutateAsync(body as StorageCreate);
    },
    toast: ({ message }) => message,
    onSaved: ({ id }) => {
      if (!storage) onCreated?.(id);
    },
    onClose,
  });
  const type = form.watch('type');

  return (
    <FormDialog
      {...dialog}
      title={storage ? 'Edit storage' : 'Create storage'}
      submitLabel={storage ? 'Save' : 'Create'}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <NameField {...formField(form, 'name', NAME_HINT)} />
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
