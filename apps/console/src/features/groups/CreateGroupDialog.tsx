import Stack from '@mui/material/Stack';
import { TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import { GroupFields } from './GroupFields';
import { type GroupFormOutput, type GroupFormValues, groupFormValues, groupResolver } from './groupForm';
import { useCreateGroup } from './groups.queries';

/** The Groups screen's create dialog (SPEC.md §2 Groups): name, description and the role picker. */
export function CreateGroupDialog({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const create = useCreateGroup();
  const reportError = useFormErrorReport();
  const form = useForm<GroupFormValues, unknown, GroupFormOutput>({
    resolver: groupResolver,
    defaultValues: groupFormValues(),
  });
  const close = () => setOpen(false);

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        notify(TOASTS.groupCreated, 'success');
        close();
      },
      onError: (error) => reportError(form, error),
    }),
  );

  return (
    <FormDialog
      title="Create group"
      open={open}
      busy={create.isPending}
      onSubmit={submit}
      onClose={close}
      onExited={onClose}
      submitLabel="Create"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <GroupFields form={form} />
      </Stack>
    </FormDialog>
  );
}
